// Home: discovery on the first-party feeds — featured, minting now, upcoming, trending and
// recent sell-outs — plus the search box. A server component, so it calls the same service
// functions as the /api/public route handlers, with the same arguments, on one server clock.
import { getConfig } from "@/lib/config";
import Link from "next/link";
import type { ReactNode } from "react";
import { getServiceContext } from "@/lib/server/runtime";
import { fixedClock } from "@/lib/services/context";
import {
  getFeatured,
  getLiveMints,
  getRecentSoldouts,
  getTrending,
  getUpcomingMints,
} from "@/lib/services/discovery-feeds";
import { nextPhaseStarts } from "@/lib/services/next-phase-starts";
import type { CollectionSummary } from "@/lib/services/collection-summaries";
import { formatUtcDateTime, plural } from "@/lib/format";
import { DropCard } from "./_components/drop-card";
import { DropSearch } from "./_components/drop-search";

export const dynamic = "force-dynamic";

/** Cards per section: two rows on desktop; "Show all" opens one section up to a full feed page. */
const SECTION_LIMIT = 8;
const SECTION_ALL_LIMIT = 100;
const EXPANDABLE = ["live", "upcoming"] as const;
type Expandable = (typeof EXPANDABLE)[number];

type Props = { searchParams: Promise<{ all?: string | string[] }> };

export default async function HomePage({ searchParams }: Props) {
  const { all } = await searchParams;
  const expanded = EXPANDABLE.find((id) => id === all);
  const base = await getServiceContext();
  // One instant for the whole page: every feed, the start times and the cards agree.
  const now = base.clock.now();
  const ctx = { ...base, clock: fixedClock(now) };
  const page = { limit: SECTION_LIMIT, offset: 0 };
  const sectionPage = (id: Expandable) => (expanded === id ? { limit: SECTION_ALL_LIMIT, offset: 0 } : page);
  const [featured, live, upcoming, trending, soldOut] = await Promise.all([
    getFeatured(ctx, page),
    getLiveMints(ctx, sectionPage("live")),
    getUpcomingMints(ctx, sectionPage("upcoming")),
    getTrending(ctx, page),
    getRecentSoldouts(ctx, page),
  ]);
  const upcomingIds = [...featured.collections, ...upcoming.mints]
    .filter((d) => d.status === "upcoming")
    .map((d) => d.id);
  const startsAt = await nextPhaseStarts(ctx, [...new Set(upcomingIds)]);
  const card = (drop: CollectionSummary, extra?: ReactNode, eager = false) => (
    <DropCard drop={drop} startsAt={startsAt.get(drop.id) ?? null} now={now} extra={extra} eager={eager} />
  );
  const nothingAtAll = featured.total + live.total + upcoming.total + trending.total + soldOut.total === 0;

  return (
    <div className="space-y-12">
      <section aria-labelledby="home-heading" className="space-y-4">
        <div className="space-y-2">
          <h1 id="home-heading" className="text-3xl font-bold sm:text-4xl">
            Discover drops
          </h1>
          <p className="text-slate-300">
            Mint NFT drops on Solana: what is minting now, what is next, and what is moving.
          </p>
        </div>
        <div className="max-w-xl">
          <DropSearch cluster={getConfig().cluster} />
        </div>
      </section>

      {nothingAtAll && <p className="text-slate-300">No drops yet. Check back soon.</p>}

      {/* Featured shows only when the operator has flagged drops. */}
      {featured.collections.length > 0 && (
        <FeedSection id="featured" title="Featured">
          {featured.collections.map((drop, i) => (
            <li key={drop.id}>{card(drop, undefined, i < 4)}</li>
          ))}
        </FeedSection>
      )}

      {!nothingAtAll && (
        <FeedSection
          id="live"
          title="Minting now"
          empty="Nothing is minting right now."
          more={moreLink("live", live.total, live.mints.length)}
        >
          {live.mints.map((drop) => (
            <li key={drop.id}>{card(drop)}</li>
          ))}
        </FeedSection>
      )}

      {!nothingAtAll && (
        <FeedSection
          id="upcoming"
          title="Upcoming"
          empty="No drops are scheduled yet."
          more={moreLink("upcoming", upcoming.total, upcoming.mints.length)}
        >
          {upcoming.mints.map((drop) => (
            <li key={drop.id}>{card(drop)}</li>
          ))}
        </FeedSection>
      )}

      {trending.collections.length > 0 && (
        <FeedSection id="trending" title="Trending" subtitle="Most mints in the last 24 hours">
          {trending.collections.map((drop) => (
            <li key={drop.id}>{card(drop, `${plural(drop.windowMints, "mint")} in the last 24 h`)}</li>
          ))}
        </FeedSection>
      )}

      {soldOut.collections.length > 0 && (
        <FeedSection id="sold-out" title="Recently sold out">
          {soldOut.collections.map((drop) => (
            <li key={drop.id}>{card(drop, `Sold out ${formatUtcDateTime(drop.soldOutAt)}`)}</li>
          ))}
        </FeedSection>
      )}
    </div>
  );
}

/** "Show all 12" under a section that holds more drops than it shows. */
function moreLink(id: Expandable, total: number, shown: number): { href: string; total: number } | undefined {
  return total > shown ? { href: `/?all=${id}#${id}-heading`, total } : undefined;
}

function FeedSection({
  id,
  title,
  subtitle,
  empty,
  more,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  empty?: string;
  more?: { href: string; total: number };
  children: ReactNode[];
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-2xl font-semibold">
          {title}
        </h2>
        {subtitle && <p className="text-sm text-slate-400">{subtitle}</p>}
      </div>
      {children.length === 0 ? (
        <p className="rounded-xl border border-dashed border-white/10 px-4 py-6 text-slate-400">{empty}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">{children}</ul>
      )}
      {more && (
        <Link href={more.href} className="inline-block text-sm font-semibold text-mint hover:underline">
          Show all {more.total}
        </Link>
      )}
    </section>
  );
}
