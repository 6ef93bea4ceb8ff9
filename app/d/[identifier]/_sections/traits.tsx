// Section: trait statistics and rarity (GET traits), server-rendered: they change only as
// NFTs mint (the minted/left counts), so a navigation refreshes them. One <details> per
// trait type keeps the section compact; before a delayed reveal, the service's message.
import { getTraits } from "@/lib/services/traits";
import { formatCount, formatDecimal, formatPercent, plural } from "@/lib/format";
import { loadSection } from "./load";
import { EmptyState, Section, SectionUnavailable } from "./section";

/** Beyond this many values a trait's list scrolls inside its box (an edition number trait can have hundreds). */
const LONG_LIST = 12;

type Trait = { traitType: string; uniqueValues: number; values: TraitValue[] };
type TraitValue = {
  value: string;
  count: number;
  minted: number;
  available: number;
  percentage: number;
  rarityScore: number;
};

export async function TraitsSection({ collectionId }: { collectionId: string }) {
  const view = await loadSection("traits", (ctx) => getTraits(ctx, collectionId));
  return (
    <Section
      id="traits"
      title="Traits and rarity"
      aside={
        view &&
        view.traits.length > 0 && (
          <p className="text-sm tabular-nums text-slate-400">{plural(view.traits.length, "trait type")}</p>
        )
      }
    >
      {!view ? (
        <SectionUnavailable what="Traits" />
      ) : view.traits.length === 0 ? (
        <EmptyState className="min-h-24">{view.message ?? "This drop's NFTs have no traits."}</EmptyState>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-400">
            Share of all {view.totalNfts != null ? formatCount(view.totalNfts) : ""} NFTs with each value. The rarer the
            value, the higher its rarity score; an NFT&apos;s score is the sum of its values&apos; scores.
          </p>
          <div className="grid items-start gap-3 md:grid-cols-2">
            {view.traits.map((trait, index) => (
              <TraitDetails
                key={trait.traitType}
                trait={trait}
                totalNfts={view.totalNfts ?? 0}
                open={index === 0 && trait.values.length <= LONG_LIST}
              />
            ))}
          </div>
          {view.methodology && (
            <details className="text-sm text-slate-400">
              <summary className="cursor-pointer text-slate-300">How rarity is computed</summary>
              <p className="mt-2 max-w-3xl">{view.methodology}</p>
            </details>
          )}
        </div>
      )}
    </Section>
  );
}

function TraitDetails({ trait, totalNfts, open }: { trait: Trait; totalNfts: number; open: boolean }) {
  // Rarest first: what collectors look for.
  const values = [...trait.values].sort((a, b) => a.count - b.count || a.value.localeCompare(b.value, "en"));
  return (
    <details open={open} className="group rounded-xl border border-white/10 bg-white/5">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 hover:bg-white/5 [&::-webkit-details-marker]:hidden">
        <span className="font-medium">{trait.traitType}</span>
        <span className="flex items-center gap-2 text-sm text-slate-400">
          {plural(trait.uniqueValues, "value")}
          <span aria-hidden="true" className="transition-transform group-open:rotate-180">
            ▾
          </span>
        </span>
      </summary>
      <ul
        className={`space-y-3 px-4 pb-4 ${values.length > LONG_LIST ? "max-h-96 overflow-y-auto" : ""}`}
        {...(values.length > LONG_LIST ? { tabIndex: 0, "aria-label": `${trait.traitType} values (scrolls)` } : {})}
      >
        {values.map((value) => (
          <li key={value.value} className="space-y-1">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate" title={value.value}>
                {value.value}
              </span>
              <span className="shrink-0 tabular-nums text-slate-300">
                {formatPercent(value.percentage)} <span className="text-slate-500">·</span> {formatCount(value.count)}{" "}
                of {formatCount(totalNfts)}
              </span>
            </div>
            <div className="h-1.5 overflow-hidden rounded-full bg-white/10" aria-hidden="true">
              <div
                className="h-full rounded-full bg-mint/80"
                style={{ width: `${Math.max(value.percentage, 0.5)}%` }}
              />
            </div>
            <p className="text-xs tabular-nums text-slate-400">
              Rarity score {formatDecimal(value.rarityScore, 2)} · {formatCount(value.minted)} minted ·{" "}
              {formatCount(value.available)} left
            </p>
          </li>
        ))}
      </ul>
    </details>
  );
}
