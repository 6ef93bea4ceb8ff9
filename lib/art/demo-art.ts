// The demo drops' artwork by URL path (/art/<collection>/<file>.svg), drawn on request.
import { renderDemoAudio } from "./demo-audio";
import { cardSvg, spriteSvg } from "./svg";

const CARDS: Record<string, Parameters<typeof cardSvg>[0]> = {
  "sprites/cover": {
    title: "Solstice Sprites",
    subtitle: "100 generative sprites",
    colors: ["#f9a8d4", "#818cf8"],
    glyph: "✦",
  },
  "sprites/banner": {
    title: "Solstice Sprites",
    subtitle: "Allowlist open · Public soon",
    colors: ["#fde68a", "#818cf8"],
    wide: true,
    glyph: "✦ ✦ ✦",
  },
  "aurora/cover": { title: "Aurora", subtitle: "Limited edition of 50", colors: ["#22d3ee", "#a855f7"], glyph: "◐" },
  "aurora/banner": {
    title: "Aurora",
    subtitle: "A limited edition",
    colors: ["#0ea5e9", "#a855f7"],
    wide: true,
    glyph: "◐",
  },
  "packs/cover": {
    title: "Pack Rush",
    subtitle: "Open packs on the hosted page",
    colors: ["#f59e0b", "#ef4444"],
    glyph: "▣",
  },
  "packs/banner": {
    title: "Pack Rush",
    subtitle: "Hosted mint",
    colors: ["#f59e0b", "#7c3aed"],
    wide: true,
    glyph: "▣ ▣ ▣",
  },
  "nightfall/cover": { title: "Nightfall", subtitle: "Coming soon", colors: ["#0f172a", "#4c1d95"], glyph: "☾" },
  "nightfall/banner": {
    title: "Nightfall",
    subtitle: "Coming soon",
    colors: ["#020617", "#4c1d95"],
    wide: true,
    glyph: "☾",
  },
  "nightfall/placeholder": { title: "Unrevealed", subtitle: "Nightfall", colors: ["#1e1b4b", "#312e81"], glyph: "?" },
  "bounty/golden-sprite": { title: "Golden Sprite", subtitle: "1/1 prize", colors: ["#facc15", "#ca8a04"], glyph: "★" },
  "bounty/tide-relic": { title: "Tide Relic", subtitle: "Prize", colors: ["#67e8f9", "#1d4ed8"], glyph: "◆" },
  "bounty/ember-relic": { title: "Ember Relic", subtitle: "Prize", colors: ["#fb923c", "#991b1b"], glyph: "◆" },
  "bounty/void-relic": { title: "Void Relic", subtitle: "Prize", colors: ["#334155", "#581c87"], glyph: "◆" },
};

export const SPRITE_COUNT = 100;

/** The showcase drops' art (lib/demo/showcase-drops.ts): a cover, a banner, a placeholder and one card per token. */
const SHOWCASE_ART: Record<string, { title: string; tokens: number; colors: [string, string]; glyph: string }> = {
  relics: { title: "Tide Relics", tokens: 40, colors: ["#06b6d4", "#1e3a8a"], glyph: "◆" },
  letters: { title: "Sealed Letters", tokens: 30, colors: ["#f5d0a9", "#9a3412"], glyph: "✉" },
  lanterns: { title: "Drift Lanterns", tokens: 60, colors: ["#fbbf24", "#7c2d12"], glyph: "☀" },
  // An open edition: prepare numbers new doves past any count.
  doves: { title: "Dollar Doves", tokens: 100_000, colors: ["#e0f2fe", "#0369a1"], glyph: "✧" },
  lastlight: { title: "Last Light", tokens: 8, colors: ["#fda4af", "#581c87"], glyph: "◒" },
  tapes: { title: "Tidal Tapes", tokens: 12, colors: ["#a7f3d0", "#065f46"], glyph: "♫" },
  shells: { title: "Stable Shells", tokens: 24, colors: ["#fef3c7", "#0f766e"], glyph: "◎" },
};

/** A demo track (/art/tapes/<n>.wav) or null. */
export const renderDemoTrack = (collection: string, file: string) =>
  renderDemoAudio(collection, file, SHOWCASE_ART[collection]?.tokens ?? 0);

function showcaseArt(collection: string, name: string): string | null {
  const art = SHOWCASE_ART[collection];
  if (!art) return null;
  const { title, colors, glyph } = art;
  if (name === "cover") return cardSvg({ title, subtitle: "Dropmint demo", colors, glyph });
  if (name === "banner") return cardSvg({ title, subtitle: "Dropmint demo", colors, glyph, wide: true });
  if (name === "placeholder")
    return cardSvg({ title: "Sealed", subtitle: title, colors: ["#292524", "#57534e"], glyph: "?" });
  if (!/^\d{1,6}$/.test(name)) return null;
  const tokenId = Number(name);
  return tokenId >= 1 && tokenId <= art.tokens ? cardSvg({ title: `${title} #${tokenId}`, colors, glyph }) : null;
}

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
    return cardSvg({
      title: "Aurora",
      subtitle: edition ? `Edition ${edition} of 50` : "Limited edition",
      colors: ["#22d3ee", "#a855f7"],
      glyph: "◐",
    });
  }
  const card = CARDS[`${collection}/${name}`];
  return card ? cardSvg(card) : showcaseArt(collection, name);
}
