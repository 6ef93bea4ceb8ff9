// Section: the bounty summary (GET bounty) and the prize board (GET bounty-prizes):
// milestone groups with progress, individual bounties, the prize inventory and recurring
// pools with their odds. Server-rendered (a navigation refreshes it). The whole section is
// left out when the drop has no bounties and its prize board is off.
import type {
  BountyItem,
  BountyPrizesView,
  BountySection,
  BountySummaryView,
  InventoryItem,
  PoolSection,
} from "@/lib/client/types";
import { getBountyPrizes, getBountySummary } from "@/lib/services/bounties";
import { milestoneProgress, mintsUntilNextDraw } from "@/lib/domain/bounty-progress";
import { formatCount, formatPercent, formatUtcDate, plural } from "@/lib/format";
import { loadSection } from "./load";
import { mintCountsSince } from "./mint-counts";
import { Badge, NftImage } from "./nft-image";
import { bountyPrizeLabel, everyNMints, formatPrizePool, INVENTORY_STATE_LABEL, poolEntryLabel } from "./prizes";
import { Section, SectionUnavailable } from "./section";

type EnabledPrizes = Extract<BountyPrizesView, { enabled: true }>;
type Counts = Map<string | null, number>;

export async function BountiesSection({ collectionId }: { collectionId: string }) {
  const data = await loadSection("bounties", async (ctx) => {
    const [summary, prizes] = await Promise.all([
      getBountySummary(ctx, collectionId),
      getBountyPrizes(ctx, collectionId),
    ]);
    const counts = prizes.enabled
      ? await mintCountsSince(ctx, collectionId, counterStarts(prizes))
      : new Map<string | null, number>();
    return { summary, prizes, counts };
  });
  return <BountiesBoard data={data} />;
}

export type BountiesData = { summary: BountySummaryView; prizes: BountyPrizesView; counts: Counts };

/** The section from what was read (null: it could not be); the studio's preview passes a draft's. */
export function BountiesBoard({ data }: { data: BountiesData | null }) {
  if (data && !data.summary.has_bounties && !data.prizes.enabled) return null;
  return (
    <Section id="bounties" title="Bounties and prizes" description="Prizes some mints win on top of the NFT.">
      {!data ? (
        <SectionUnavailable what="Bounties" />
      ) : (
        <div className="space-y-8">
          {data.summary.has_bounties && <Summary summary={data.summary} />}
          {data.prizes.enabled && <PrizeBoard prizes={data.prizes} counts={data.counts} />}
        </div>
      )}
    </Section>
  );
}

/** Every start a milestone or pool counts mints from. */
function counterStarts(prizes: EnabledPrizes): Array<string | null> {
  const starts: Array<string | null> = prizes.pool_sections.map((pool) => pool.counter_starts_at);
  for (const section of prizes.sections) {
    if (section.kind === "inventory_preview") continue;
    for (const bounty of section.bounties) if (bounty.trigger) starts.push(bounty.trigger.starts_at);
  }
  return starts;
}

function Summary({ summary }: { summary: BountySummaryView }) {
  const pool = formatPrizePool(summary.tokens);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Stat label="Bounties left" value={formatCount(summary.remaining_bounties)} />
      <Stat label="Free-mint bounties" value={formatCount(summary.free_mint_bounties)} />
      <Stat label="Token prizes left" value={pool ?? "None"} className="col-span-2 sm:col-span-1" />
    </dl>
  );
}

function Stat({ label, value, className = "" }: { label: string; value: string; className?: string }) {
  return (
    <div className={`rounded-xl border border-white/10 bg-white/5 p-4 ${className}`}>
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function PrizeBoard({ prizes, counts }: { prizes: EnabledPrizes; counts: Counts }) {
  return (
    <>
      {prizes.sections.map((section, index) => (
        <BoardSection key={section.id ?? `${section.kind}-${index}`} section={section} counts={counts} />
      ))}
      {prizes.pool_sections.map((pool) => (
        <Pool key={pool.id} pool={pool} count={counts.get(pool.counter_starts_at) ?? 0} />
      ))}
    </>
  );
}

function BoardSection({ section, counts }: { section: BountySection; counts: Counts }) {
  const headingId = `prizes-${section.id ?? section.kind}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-semibold">
        {section.name}
      </h3>
      {section.kind === "inventory_preview" ? (
        <Inventory items={section.items} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
          {section.bounties.map((bounty) => (
            <Bounty
              key={bounty.id}
              bounty={bounty}
              count={bounty.trigger ? (counts.get(bounty.trigger.starts_at) ?? 0) : null}
              showProgress={section.kind === "milestone_group"}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function Bounty({ bounty, count, showProgress }: { bounty: BountyItem; count: number | null; showProgress: boolean }) {
  const target = bounty.trigger?.mint_count ?? null;
  const progress =
    showProgress && target !== null && count !== null && !bounty.is_claimed ? milestoneProgress(count, target) : null;
  return (
    <li className="flex gap-3 rounded-xl border border-white/10 bg-white/5 p-3">
      {bounty.nft?.image_url && (
        <div className="w-16 shrink-0">
          <NftImage src={bounty.nft.image_url} />
        </div>
      )}
      <div className="min-w-0 grow space-y-1">
        <div className="flex items-start justify-between gap-2">
          <p className="font-medium">{bounty.name ?? bountyPrizeLabel(bounty)}</p>
          {bounty.is_claimed ? <Badge tone="amber">Won</Badge> : <Badge tone="mint">Open</Badge>}
        </div>
        {bounty.name && <p className="text-sm text-mint">{bountyPrizeLabel(bounty)}</p>}
        {bounty.description && <p className="text-sm text-slate-400">{bounty.description}</p>}
        {target !== null && <p className="text-xs text-slate-400">For mint #{formatCount(target)}</p>}
        {progress && (
          <div className="space-y-1 pt-1">
            <div
              role="progressbar"
              aria-label={`Progress to mint #${target}`}
              aria-valuemin={0}
              aria-valuemax={target!}
              aria-valuenow={progress.counted}
              className="h-1.5 overflow-hidden rounded-full bg-white/10"
            >
              <div className="h-full rounded-full bg-mint/80" style={{ width: `${progress.percent}%` }} />
            </div>
            <p className="text-xs tabular-nums text-slate-400">
              {progress.reached
                ? "Reached"
                : `${formatCount(count!)} of ${formatCount(target!)} mints · ${plural(progress.remaining, "mint")} to go`}
            </p>
          </div>
        )}
        {bounty.is_claimed && (
          <p className="text-xs text-slate-400">{wonLine(bounty.claimed_winner, bounty.claimed_at)}</p>
        )}
      </div>
    </li>
  );
}

function wonLine(winner: string | null | undefined, at: string | null | undefined): string {
  return ["Won", winner ? `by ${winner}` : null, at ? `on ${formatUtcDate(at)}` : null].filter(Boolean).join(" ");
}

function Inventory({ items }: { items: InventoryItem[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-2 rounded-xl border border-white/10 bg-white/5 p-2">
          <NftImage
            src={item.image_url}
            badge={item.state === "claimed" ? <Badge tone="amber">Claimed</Badge> : null}
          />
          <div className="min-w-0 px-0.5 text-xs leading-snug">
            <p className="truncate text-sm font-medium" title={item.name}>
              {item.name}
            </p>
            <p className="line-clamp-2 text-slate-400">
              {item.state === "claimed"
                ? wonLine(item.claimed_winner, item.claimed_at)
                : INVENTORY_STATE_LABEL[item.state]}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Pool({ pool, count }: { pool: PoolSection; count: number }) {
  const headingId = `prizes-pool-${pool.id}`;
  const next = mintsUntilNextDraw(count, pool.recur_every_n_mints, pool.recur_fires_count, pool.recur_max_fires);
  const facts = [
    pool.recur_every_n_mints ? `One draw ${everyNMints(pool.recur_every_n_mints)}` : null,
    pool.recur_max_fires !== null
      ? `${formatCount(pool.recur_fires_count)} of ${plural(pool.recur_max_fires, "draw")} done`
      : `${plural(pool.recur_fires_count, "draw")} so far`,
    next !== null ? `next in ${plural(next, "mint")}` : pool.recur_every_n_mints ? "no draws left" : null,
  ].filter(Boolean);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="space-y-1">
        <h3 id={headingId} className="text-lg font-semibold">
          {pool.name}
        </h3>
        {pool.description && <p className="text-sm text-slate-400">{pool.description}</p>}
        <p className="text-sm tabular-nums text-slate-300">{facts.join(" · ")}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {pool.entries.map((entry, index) => (
          <li key={index} className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/5 p-3">
            {entry.display_image_url && (
              <div className="w-12 shrink-0">
                <NftImage src={entry.display_image_url} />
              </div>
            )}
            <div className="min-w-0 grow">
              <p className="font-medium">{poolEntryLabel(entry)}</p>
              <p className="text-sm tabular-nums text-slate-400">{formatPercent(entry.weight_pct)} per draw</p>
            </div>
            <div
              aria-hidden="true"
              className="flex h-10 w-1.5 shrink-0 flex-col justify-end overflow-hidden rounded-full bg-white/10"
            >
              <div className="w-full rounded-full bg-mint/80" style={{ height: `${entry.weight_pct}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
