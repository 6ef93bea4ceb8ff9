// The drop header's words: pure functions, shared by the server shell and the client islands,
// so the server's first render and the browser's hydration produce the same text. Numbers,
// dates and offers are written by lib/format.
import type { CollectionResponse, Phase } from "@/lib/client/types";
import { formatCount } from "@/lib/format";

type Stats = CollectionResponse["stats"];
type CollectionRecord = CollectionResponse["collection"];

/** A phase card's badge: its clock status, except that a phase with nothing left to sell is sold out. */
export type PhaseBadge = Phase["status"] | "sold_out";

export const PHASE_STATUS_LABEL: Record<PhaseBadge, string> = {
  active: "Live",
  upcoming: "Upcoming",
  ended: "Ended",
  sold_out: "Sold out",
};

export function phaseBadge(phase: Pick<Phase, "status" | "soldOut">): PhaseBadge {
  return phase.soldOut && phase.status !== "ended" ? "sold_out" : phase.status;
}

/**
 * Who may mint in the phase. Deliberately not "Allowlist": phases are often named so, and a
 * label repeating a phase's name on every gated card makes the cards hard to tell apart.
 */
export function accessLabel(isGated: boolean): string {
  return isGated ? "Allow list / holders only" : "Open to everyone";
}

/** The phase's limits, each a short phrase; none when the phase sets none. */
export function phaseLimitLabels(phase: Pick<Phase, "maxPerWallet" | "maxPerTransaction" | "phaseSupply">): string[] {
  const labels: string[] = [];
  if (phase.maxPerWallet) labels.push(`Max ${formatCount(phase.maxPerWallet)} per wallet`);
  if (phase.maxPerTransaction) labels.push(`Max ${formatCount(phase.maxPerTransaction)} per transaction`);
  if (phase.phaseSupply) labels.push(`${formatCount(phase.phaseSupply)} in this phase`);
  return labels;
}

/**
 * Which moment a phase's countdown runs to, if any: the start of an upcoming phase, the end
 * of a live one. None for a sold-out phase: nothing happens at its start or end.
 */
export function phaseCountdownTarget(
  phase: Pick<Phase, "status" | "soldOut" | "msUntilStart" | "msUntilEnd">,
): { verb: "Starts in" | "Ends in"; ms: number } | null {
  if (phase.soldOut) return null;
  if (phase.status === "upcoming" && phase.msUntilStart !== null) return { verb: "Starts in", ms: phase.msUntilStart };
  if (phase.status === "active" && phase.msUntilEnd !== null) return { verb: "Ends in", ms: phase.msUntilEnd };
  return null;
}

/** What a screen reader hears when a phase's status changes while the page is open. */
export function statusChangeAnnouncement(name: string | null, status: Phase["status"]): string {
  const who = name ?? "A phase";
  if (status === "active") return `${who} is now live.`;
  if (status === "ended") return `${who} has ended.`;
  return `${who} is upcoming.`;
}

export type SupplySummary =
  | { kind: "open"; minted: number; text: string }
  | { kind: "capped"; minted: number; total: number; percent: number; soldOut: boolean; text: string };

/** "12 of 100 minted" or, for a drop with no cap, "12 minted · open edition". */
export function supplySummary(stats: Stats): SupplySummary {
  if (stats.isOpenEnded || stats.totalSupply <= 0) {
    return { kind: "open", minted: stats.mintedCount, text: `${formatCount(stats.mintedCount)} minted · open edition` };
  }
  const soldOut = stats.availableCount <= 0 || stats.mintedCount >= stats.totalSupply;
  // From the counts, not the API's percentMinted (truncated to two decimals for the wire),
  // so the page rounds it once, by formatPercent: 2 of 12 reads 16.7%, not 16.66%.
  const percent = Math.min(100, Math.max(0, (stats.mintedCount / stats.totalSupply) * 100));
  return {
    kind: "capped",
    minted: stats.mintedCount,
    total: stats.totalSupply,
    percent,
    soldOut,
    text: `${formatCount(stats.mintedCount)} of ${formatCount(stats.totalSupply)} minted`,
  };
}

export type SocialLink = { kind: "twitter" | "discord" | "website"; label: string; href: string };

/**
 * The creator's links as safe absolute http(s) URLs. Creators type these freely: a Twitter
 * handle ("@name"), a Discord invite code, a bare domain. Anything else (javascript:, data:)
 * is dropped rather than linked.
 */
export function socialLinks(collection: Pick<CollectionRecord, "twitter" | "discord" | "externalUrl">): SocialLink[] {
  const links: SocialLink[] = [];
  const twitter = normaliseLink(collection.twitter, (handle) => `https://x.com/${handle.replace(/^@/, "")}`);
  if (twitter) links.push({ kind: "twitter", label: "Twitter", href: twitter });
  const discord = normaliseLink(collection.discord, (code) => `https://discord.gg/${code}`);
  if (discord) links.push({ kind: "discord", label: "Discord", href: discord });
  const website = normaliseLink(collection.externalUrl, (domain) => `https://${domain}`);
  if (website) links.push({ kind: "website", label: "Website", href: website });
  return links;
}

const BARE_NAME = /^@?[A-Za-z0-9_.-]{1,64}$/;
const BARE_DOMAIN = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(\/\S*)?$/;

function normaliseLink(value: string | null, fromBare: (bare: string) => string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return safeHttpUrl(trimmed);
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  if (BARE_DOMAIN.test(trimmed)) return safeHttpUrl(`https://${trimmed}`);
  if (BARE_NAME.test(trimmed)) return safeHttpUrl(fromBare(trimmed));
  return null;
}

/** An absolute http(s) URL as given, or null for anything else (javascript:, data:, garbage). */
export function safeHttpUrl(text: string | null | undefined): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
