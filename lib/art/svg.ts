// Demo artwork, drawn as SVG on the server: no image is ever fetched from the internet.
import { spriteTraits, type SpriteTraits } from "./sprite-traits";

const BACKGROUNDS: Record<SpriteTraits["Background"], [string, string]> = {
  Dawn: ["#fde68a", "#f9a8d4"],
  Dusk: ["#818cf8", "#f472b6"],
  Meadow: ["#bbf7d0", "#4ade80"],
  Tide: ["#67e8f9", "#3b82f6"],
  Ember: ["#fb923c", "#b91c1c"],
  Void: ["#0f172a", "#581c87"],
};
const BODIES: Record<SpriteTraits["Body"], string> = {
  Moss: "#65a30d",
  Coral: "#fb7185",
  Frost: "#e0f2fe",
  Gold: "#facc15",
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function frame(body: string, [from, to]: [string, string], size = 512, height = size): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 ${size} ${height}"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>${body}</svg>`;
}

function eyes(kind: SpriteTraits["Eyes"]): string {
  switch (kind) {
    case "Round":
      return `<circle cx="216" cy="270" r="20" fill="#111"/><circle cx="296" cy="270" r="20" fill="#111"/><circle cx="222" cy="264" r="6" fill="#fff"/><circle cx="302" cy="264" r="6" fill="#fff"/>`;
    case "Sleepy":
      return `<path d="M196 272 q20 14 40 0 M276 272 q20 14 40 0" stroke="#111" stroke-width="8" fill="none" stroke-linecap="round"/>`;
    case "Star":
      return `<text x="216" y="286" font-size="48" text-anchor="middle" fill="#111">★</text><text x="296" y="286" font-size="48" text-anchor="middle" fill="#111">★</text>`;
    case "Laser":
      return `<rect x="180" y="258" width="152" height="22" rx="11" fill="#ef4444"/><rect x="332" y="264" width="180" height="10" fill="#ef4444" opacity="0.8"/>`;
  }
}

function crown(kind: SpriteTraits["Crown"]): string {
  switch (kind) {
    case "None":
      return "";
    case "Leaf":
      return `<path d="M256 120 q-60 -10 -70 -60 q60 0 70 60 q10 -60 70 -60 q-10 50 -70 60z" fill="#16a34a"/>`;
    case "Halo":
      return `<ellipse cx="256" cy="118" rx="86" ry="20" fill="none" stroke="#fde047" stroke-width="12"/>`;
    case "Flame":
      return `<path d="M256 40 q50 60 20 100 q40 -20 30 -70 q40 60 -10 110 h-80 q-50 -50 -10 -110 q-10 50 30 70 q-30 -40 20 -100z" fill="#f97316"/>`;
  }
}

/** One sprite of the generative demo drop. */
export function spriteSvg(tokenId: number): string {
  const traits = spriteTraits(tokenId);
  const body = `<ellipse cx="256" cy="300" rx="150" ry="140" fill="${BODIES[traits.Body]}" stroke="#0002" stroke-width="6"/>${eyes(traits.Eyes)}<path d="M226 330 q30 24 60 0" stroke="#111" stroke-width="7" fill="none" stroke-linecap="round"/>${crown(traits.Crown)}<text x="490" y="496" font-family="sans-serif" font-size="22" text-anchor="end" fill="#0009">#${tokenId}</text>`;
  return frame(body, BACKGROUNDS[traits.Background]);
}

/** A titled card: covers, banners, editions and placeholders. */
export function cardSvg(options: {
  title: string;
  subtitle?: string;
  colors: [string, string];
  wide?: boolean;
  glyph?: string;
}): string {
  const width = options.wide ? 1500 : 512;
  const height = options.wide ? 500 : 512;
  const cx = width / 2;
  const glyph = options.glyph
    ? `<text x="${cx}" y="${height / 2 + 10}" font-size="${options.wide ? 160 : 190}" text-anchor="middle" fill="#fff" opacity="0.9">${escapeXml(options.glyph)}</text>`
    : "";
  const title = `<text x="${cx}" y="${height - (options.subtitle ? 92 : 60)}" font-family="sans-serif" font-weight="700" font-size="${options.wide ? 72 : 44}" text-anchor="middle" fill="#fff">${escapeXml(options.title)}</text>`;
  const subtitle = options.subtitle
    ? `<text x="${cx}" y="${height - 44}" font-family="sans-serif" font-size="${options.wide ? 36 : 24}" text-anchor="middle" fill="#fffc">${escapeXml(options.subtitle)}</text>`
    : "";
  return frame(`${glyph}${title}${subtitle}`, options.colors, width, height);
}
