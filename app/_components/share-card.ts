// What a share image (Open Graph / Twitter card) says about a drop, decided from the same
// first-party collection read the drop page uses. Pure: the image renderer draws whatever
// this returns, and tests check the words without decoding pixels.
import { renderDemoArt } from "@/lib/art/demo-art";
import type { Phase } from "@/lib/schemas/collection";
import type { PublicCollection } from "@/lib/services/public-collection";
import { formatUtcDateTime } from "@/lib/format";
import type { PublicProfile } from "@/lib/services/profiles";
import { isSoldOut, progressPercent, progressText } from "./drop-card-text";
import { priceLabel } from "./price-label";

export type ShareCard =
  | {
      kind: "drop";
      name: string;
      /** "/d/sprites" */
      path: string;
      /** A data: URL of the drop's art, or null for a plain colored block. */
      art: string | null;
      isVerified: boolean;
      /** "Minting now · Allowlist", "Starts 24 Nov 2026, 16:27 UTC · Public", "Sold out", "Ended". */
      status: string;
      /** The price of the first active phase, else of the next upcoming one; null when neither. */
      price: string | null;
      progress: string;
      /** Bar fill 0–100; null for an open edition. */
      percent: number | null;
    }
  | { kind: "coming-soon"; name: string; path: string; art: string | null }
  | {
      kind: "collector";
      /** The display name, else the shortened address. */
      name: string;
      /** "/w/<address>" shortened for the card. */
      path: string;
      /** The avatar as a data: URL (our own art only), or null for a plain colored disc. */
      avatar: string | null;
      /** "Collector rank · glow" */
      rank: string;
      /** "12 NFTs minted from 3 drops" */
      counts: string;
    }
  | { kind: "brand" };

/**
 * The character ranges the image font (Geist Regular, bundled with next/og) can draw. Any
 * other character would make next/og download a fallback font from the internet while
 * rendering; the site runs offline, so such characters are left out instead.
 */
const DRAWABLE: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0xac],
  [0xae, 0x17e],
  [0x400, 0x45f],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2190, 0x2193],
  [0x2248, 0x2248],
];

/** Text the image font can draw: other characters dropped, spaces collapsed, long text cut with "…". */
export function drawableText(text: string, maxLength = 60): string {
  const kept = Array.from(text, (ch) => {
    const code = ch.codePointAt(0)!;
    return DRAWABLE.some(([from, to]) => code >= from && code <= to) ? ch : " ";
  })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(kept);
  return chars.length > maxLength
    ? `${chars
        .slice(0, maxLength - 1)
        .join("")
        .trimEnd()}…`
    : kept;
}

/** The phase whose price a share shows: the first active one, else the next to start. */
export function sharePhase(phases: { active: readonly Phase[]; upcoming: readonly Phase[] }): Phase | null {
  const active = phases.active[0];
  if (active) return active;
  const byStart = [...phases.upcoming].sort((a, b) => (a.startDate ?? "").localeCompare(b.startDate ?? ""));
  return byStart[0] ?? null;
}

/**
 * Our own art as a data: URL, drawn in-process (no HTTP request to ourselves): an image URL
 * on this site under /art/{collection}/{file}. Anything else (art hosted elsewhere, which
 * this offline server must not fetch) gives null, and the image shows a colored block.
 */
export function artDataUrl(imageUrl: string | null, publicBaseUrl: string): string | null {
  if (!imageUrl) return null;
  let url: URL;
  try {
    url = new URL(imageUrl, publicBaseUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicBaseUrl).origin) return null;
  const match = /^\/art\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (!match) return null;
  const svg = renderDemoArt(decodeURIComponent(match[1]!), decodeURIComponent(match[2]!));
  return svg ? `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` : null;
}

/** The share card of a drop read through getPublicCollection, or the brand card for none. */
export function shareCardOf(found: PublicCollection | null, identifier: string, publicBaseUrl: string): ShareCard {
  if (!found) return { kind: "brand" };
  const path = `/d/${found.collection.shortId ?? identifier}`;
  const name = drawableText(found.collection.name ?? "") || "Untitled drop";
  const art = artDataUrl(found.collection.image, publicBaseUrl);
  if (found.status !== "live") return { kind: "coming-soon", name, path, art };

  const phase = sharePhase(found.phases);
  const phaseName = phase?.name ? ` · ${drawableText(phase.name, 24)}` : "";
  const status = isSoldOut(found.stats)
    ? "Sold out"
    : phase?.status === "active"
      ? `Minting now${phaseName}`
      : phase?.startDate
        ? `Starts ${formatUtcDateTime(phase.startDate)}${phaseName}`
        : "Ended";
  return {
    kind: "drop",
    name,
    path,
    art,
    isVerified: found.collection.isVerified,
    status,
    price: phase ? drawableText(priceLabel(phase.priceDisplay)) : null,
    progress: progressText(found.stats),
    percent: progressPercent(found.stats),
  };
}

/** What a collector's share card says: their name (or short address), avatar, rank and counts. */
export function collectorShareCardOf(
  address: string,
  summary: { profile: PublicProfile; mints: number; drops: number },
  publicBaseUrl: string,
): ShareCard {
  const short = `${address.slice(0, 4)}…${address.slice(-4)}`;
  const { profile, mints, drops } = summary;
  const effects = profile.effects.flatMap((e) => (e.effect_type ? [drawableText(e.effect_type, 16)] : []));
  const rank = [`${capitalize(drawableText(profile.platformRank, 24))} rank`, ...effects].join(" · ");
  return {
    kind: "collector",
    name: drawableText(profile.displayName ?? "") || short,
    path: `/w/${short}`,
    avatar: artDataUrl(profile.avatarUrl, publicBaseUrl),
    rank,
    counts:
      mints === 0
        ? "No mints yet"
        : `${mints} NFT${mints === 1 ? "" : "s"} minted from ${drops} drop${drops === 1 ? "" : "s"}`,
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
