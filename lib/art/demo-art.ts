// The demo drops' artwork by URL path (/art/<collection>/<file>.svg), drawn on request.
import { cardSvg, spriteSvg } from "./svg";

const CARDS: Record<string, Parameters<typeof cardSvg>[0]> = {
  "sprites/cover": { title: "Solstice Sprites", subtitle: "100 generative sprites", colors: ["#f9a8d4", "#818cf8"], glyph: "✦" },
  "sprites/banner": { title: "Solstice Sprites", subtitle: "Allowlist open · Public soon", colors: ["#fde68a", "#818cf8"], wide: true, glyph: "✦ ✦ ✦" },
  "aurora/cover": { title: "Aurora", subtitle: "Limited edition of 50", colors: ["#22d3ee", "#a855f7"], glyph: "◐" },
  "aurora/banner": { title: "Aurora", subtitle: "A limited edition", colors: ["#0ea5e9", "#a855f7"], wide: true, glyph: "◐" },
  "packs/cover": { title: "Pack Rush", subtitle: "Open packs on the hosted page", colors: ["#f59e0b", "#ef4444"], glyph: "▣" },
  "packs/banner": { title: "Pack Rush", subtitle: "Hosted mint", colors: ["#f59e0b", "#7c3aed"], wide: true, glyph: "▣ ▣ ▣" },
  "nightfall/cover": { title: "Nightfall", subtitle: "Coming soon", colors: ["#0f172a", "#4c1d95"], glyph: "☾" },
  "nightfall/banner": { title: "Nightfall", subtitle: "Coming soon", colors: ["#020617", "#4c1d95"], wide: true, glyph: "☾" },
  "nightfall/placeholder": { title: "Unrevealed", subtitle: "Nightfall", colors: ["#1e1b4b", "#312e81"], glyph: "?" },
  "bounty/golden-sprite": { title: "Golden Sprite", subtitle: "1/1 prize", colors: ["#facc15", "#ca8a04"], glyph: "★" },
  "bounty/tide-relic": { title: "Tide Relic", subtitle: "Prize", colors: ["#67e8f9", "#1d4ed8"], glyph: "◆" },
  "bounty/ember-relic": { title: "Ember Relic", subtitle: "Prize", colors: ["#fb923c", "#991b1b"], glyph: "◆" },
  "bounty/void-relic": { title: "Void Relic", subtitle: "Prize", colors: ["#334155", "#581c87"], glyph: "◆" },
};

export const SPRITE_COUNT = 100;

/** SVG for an /art path like "sprites/12.svg", or null when there is no such artwork. */
export function renderDemoArt(collection: string, file: string): string | null {
  const name = file.replace(/\.svg$/, "");
  if (name === file) return null;
  if (collection === "sprites" && /^\d{1,3}$/.test(name)) {
    const tokenId = Number(name);
    return tokenId >= 1 && tokenId <= SPRITE_COUNT ? spriteSvg(tokenId) : null;
  }
  if (collection === "aurora" && /^edition(-\d{1,3})?$/.test(name)) {
    const edition = name.split("-")[1];
    return cardSvg({ title: "Aurora", subtitle: edition ? `Edition ${edition} of 50` : "Limited edition", colors: ["#22d3ee", "#a855f7"], glyph: "◐" });
  }
  const card = CARDS[`${collection}/${name}`];
  return card ? cardSvg(card) : null;
}
