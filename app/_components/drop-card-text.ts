// The words on a drop card and a share image: status, start time, progress, sold-out.
// Pure functions of the server's data and the server's clock (the caller passes `now`), so
// the home page, the search page and the share image all say the same thing. Counts, dates
// and times are written by lib/format.
import { isDropSoldOut } from "@/lib/domain/drop-status";
import type { SupplyStats } from "@/lib/domain/supply";
import { formatCount, formatTimeUntil, formatUtcDateTime } from "@/lib/format";

export type CardLaunchStatus = "live" | "coming_soon" | "deploying" | "maintenance";
export type CardPhaseStatus = "active" | "upcoming" | "ended";

export type CardStatus = {
  /** "Minting now", "Starts in 3 days", "Coming soon", "Upcoming", "Ended", "Sold out". */
  label: string;
  /** The start as UTC text for an upcoming drop, else null. */
  detail: string | null;
  tone: "live" | "soon" | "muted";
};

/** Every item of a capped drop is minted (lib/domain/drop-status.ts, the one rule). */
export const isSoldOut = isDropSoldOut;

/**
 * A card's status line. A pre-launch drop shows no schedule ("Coming soon"); a sold-out
 * drop says so whatever its phases; an upcoming drop counts down to `startsAt` when known.
 */
export function cardStatus(
  drop: {
    launchStatus: CardLaunchStatus;
    status: CardPhaseStatus;
    stats: Pick<SupplyStats, "isOpenEnded" | "totalSupply" | "mintedCount">;
  },
  startsAt: Date | null,
  now: Date,
): CardStatus {
  if (drop.launchStatus !== "live") return { label: "Coming soon", detail: null, tone: "soon" };
  if (isSoldOut(drop.stats)) return { label: "Sold out", detail: null, tone: "muted" };
  if (drop.status === "active") return { label: "Minting now", detail: null, tone: "live" };
  if (drop.status === "upcoming") {
    if (!startsAt) return { label: "Upcoming", detail: null, tone: "soon" };
    const ms = Math.max(0, startsAt.getTime() - now.getTime());
    return { label: `Starts ${formatTimeUntil(ms)}`, detail: formatUtcDateTime(startsAt), tone: "soon" };
  }
  return { label: "Ended", detail: null, tone: "muted" };
}

/** "37 / 100 minted", or "12 minted · open edition" for a drop with no cap. */
export function progressText(stats: Pick<SupplyStats, "isOpenEnded" | "totalSupply" | "mintedCount">): string {
  return stats.isOpenEnded
    ? `${formatCount(stats.mintedCount)} minted · open edition`
    : `${formatCount(stats.mintedCount)} / ${formatCount(stats.totalSupply)} minted`;
}

/** The bar's fill, 0–100; null for an open edition (no bar, nothing to fill). */
export function progressPercent(
  stats: Pick<SupplyStats, "isOpenEnded" | "totalSupply" | "mintedCount">,
): number | null {
  if (stats.isOpenEnded || stats.totalSupply <= 0) return null;
  return Math.min(100, Math.max(0, (stats.mintedCount / stats.totalSupply) * 100));
}

/** Search results carry snake_case figures, total_supply 0 meaning open edition. */
export function searchResultStats(item: { total_supply: number; minted_count: number }) {
  const isOpenEnded = item.total_supply === 0;
  return {
    isOpenEnded,
    totalSupply: item.total_supply,
    mintedCount: isOpenEnded ? item.minted_count : Math.min(item.minted_count, item.total_supply),
  };
}

/** The path of a drop's page: its short ID when it has one, else its UUID (which redirects). */
export function dropPath(drop: { shortId: string | null; id: string }): string {
  return `/d/${encodeURIComponent(drop.shortId ?? drop.id)}`;
}
