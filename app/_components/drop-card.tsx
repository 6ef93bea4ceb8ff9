// A drop as a card: art in a fixed square, name, verified mark, status, price, progress and a
// sold-out badge. Server-rendered from a collection summary; the whole card is one link to
// the drop's short ID (a stretched link, so the accessible name is just the drop's name).
import Link from "next/link";
import type { ReactNode } from "react";
import type { CollectionSummary } from "@/lib/services/collection-summaries";
import { DropArt } from "./drop-art";
import { PriceLabel } from "./price-label";
import { VerifiedBadge } from "./verified-badge";
import { cardStatus, dropPath, isSoldOut, progressPercent, progressText } from "./drop-card-text";

const TONE = {
  live: "bg-mint",
  soon: "bg-amber-300",
  muted: "bg-slate-500",
} as const;

export function DropCard({
  drop,
  startsAt,
  now,
  extra,
  eager = false,
}: {
  drop: CollectionSummary;
  /** When the drop's next phase starts (upcoming drops), for "Starts in …". */
  startsAt: Date | null;
  /** The server clock the page was rendered at. */
  now: Date;
  /** A section's own line: "12 mints in the last 24 h", "Sold out 20 Nov 2026, 14:03 UTC". */
  extra?: ReactNode;
  eager?: boolean;
}) {
  const status = cardStatus(drop, startsAt, now);
  const soldOut = isSoldOut(drop.stats);
  const percent = progressPercent(drop.stats);
  const prelaunch = drop.launchStatus !== "live";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-white/10 bg-white/5 transition hover:border-mint/60 has-[a:focus-visible]:border-mint has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-mint/60">
      <div className="relative aspect-square w-full overflow-hidden bg-white/10">
        <DropArt image={drop.image} size={512} eager={eager} />
        {soldOut && (
          <span className="absolute left-3 top-3 rounded-full bg-ink/90 px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-white ring-1 ring-white/20">
            Sold out
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h3 className="flex min-w-0 items-start gap-2 font-semibold leading-snug">
          <Link
            href={dropPath(drop)}
            className="line-clamp-2 break-words after:absolute after:inset-0 after:content-['']"
          >
            {drop.name ?? "Untitled drop"}
          </Link>
          {drop.isVerified && <VerifiedBadge compact className="mt-0.5" />}
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-200">
          <span className={`inline-block h-2 w-2 shrink-0 rounded-full ${TONE[status.tone]}`} aria-hidden="true" />
          <span>{status.label}</span>
          {status.detail && <span className="text-xs text-slate-400">{status.detail}</span>}
        </p>
        <p className="text-sm text-slate-300">
          {drop.price ? <PriceLabel price={drop.price} /> : prelaunch ? "Price announced at launch" : null}
        </p>
        {/* A pre-launch drop's supply is not published yet (as the pre-launch envelope). */}
        <div className="mt-auto space-y-1 pt-2">
          {!prelaunch && percent !== null && (
            <div className="h-1.5 overflow-hidden rounded-full bg-white/10" aria-hidden="true">
              <div className="h-full rounded-full bg-mint" style={{ width: `${percent}%` }} />
            </div>
          )}
          {!prelaunch && <p className="text-sm tabular-nums text-slate-400">{progressText(drop.stats)}</p>}
          {extra && <p className="text-xs text-slate-400">{extra}</p>}
        </div>
      </div>
    </article>
  );
}
