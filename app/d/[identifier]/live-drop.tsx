// A launched drop's page below the layout: header, overview, mint column, phases and the
// sections. The public drop page renders it; so does the studio's preview of a drop not yet
// launched, with its own mint column and sections (app/studio/new/preview), so the creator
// sees the very page collectors will.
import type { ReactNode } from "react";
import { getConfig } from "@/lib/config";
import type { CollectionResponse } from "@/lib/schemas/collection";
import { DropHeader } from "./_header/drop-header";
import { HostedMint } from "./_header/hosted-mint";
import { PriceSummary } from "./_header/price-summary";
import { SupplyProgress } from "./_header/supply-progress";
import { PhaseList } from "./_header/phase-list";
import { FairnessNote } from "./_header/fairness-note";
import { MintPanel } from "./_mint/mint-panel";
import { DropSections } from "./_sections/drop-sections";

type Props = {
  identifier: string;
  response: CollectionResponse;
  /** In place of the mint panel (the studio's preview: nothing can be minted before launch). */
  mint?: ReactNode;
  /** In place of the sections read from the database (the preview's come from the draft). */
  sections?: ReactNode;
};

export function LiveDrop({ identifier, response, mint, sections }: Props) {
  const { collection, capabilities } = response;
  const islandProps = { identifier, initialCollection: response };
  return (
    <article aria-labelledby="drop-title" className="space-y-10">
      <DropHeader collection={collection} />

      {/* One column on phones (overview, mint, phases); on desktop the mint column sits right and stays in view. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr] lg:gap-x-10 lg:gap-y-8">
        <div className="min-w-0 space-y-5 lg:col-start-1 lg:row-start-1">
          {collection.description && (
            <p className="max-w-prose whitespace-pre-line text-slate-300">{collection.description}</p>
          )}
          <div data-testid="drop-overview" className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <PriceSummary {...islandProps} />
            <SupplyProgress {...islandProps} />
          </div>
        </div>

        <aside aria-label="Mint" className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="lg:sticky lg:top-6">
            {mint ??
              (capabilities.supportedBySurface ? (
                <MintPanel
                  identifier={identifier}
                  collectionId={collection.id}
                  cluster={getConfig().cluster}
                  initialCollection={response}
                />
              ) : (
                <HostedMint mintUrl={capabilities.mintUrl} />
              ))}
          </div>
        </aside>

        <section aria-labelledby="phases-heading" className="min-w-0 space-y-3 lg:col-start-1 lg:row-start-2">
          <h2 id="phases-heading" className="text-2xl font-semibold">
            Phases
          </h2>
          <PhaseList {...islandProps} />
          {collection.fairness && <FairnessNote fairness={collection.fairness} />}
        </section>
      </div>

      {sections ?? <DropSections identifier={identifier} collectionId={collection.id} />}
    </article>
  );
}
