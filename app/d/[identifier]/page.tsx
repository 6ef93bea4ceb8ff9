// /d/{identifier} — the drop page, server-rendered and readable before any JavaScript runs.
// The identifier is the short ID; the UUID and the on-chain address also work and redirect
// to the short link (load-drop.ts), before anything streams, so a wrong link is a real 404.
// Client islands only where data is live: supply, price and phases (one shared poll), the
// mint panel, and whatever the sections below hydrate.
import type { Metadata } from "next";
import { getConfig } from "@/lib/config";
import type { CollectionResponse } from "@/lib/schemas/collection";
import { Providers } from "../../providers";
import { loadDrop } from "./load-drop";
import { DropHeader } from "./_header/drop-header";
import { ComingSoon } from "./_header/coming-soon";
import { HostedMint } from "./_header/hosted-mint";
import { PriceSummary } from "./_header/price-summary";
import { SupplyProgress } from "./_header/supply-progress";
import { PhaseList } from "./_header/phase-list";
import { FairnessNote } from "./_header/fairness-note";
import { MintPanel } from "./_mint/mint-panel";
import { DropSections } from "./_sections/drop-sections";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ identifier: string }> };

const DESCRIPTION_MAX = 200;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const drop = await loadDrop((await params).identifier);
  const name = (drop.kind === "live" ? drop.collection.collection.name : drop.teaser.collection.name) ?? "Drop";
  const description =
    drop.kind === "live"
      ? (summarise(drop.collection.collection.description) ?? `Mint ${name} on Dropmint.`)
      : `${name} is coming soon on Dropmint.`;
  const url = `/d/${drop.identifier}`;
  return {
    // Absolute share URLs (og:url, og:image) come from the configured public address at run time.
    metadataBase: new URL(getConfig().publicUrl),
    title: name,
    description,
    alternates: { canonical: url },
    openGraph: { title: name, description, url, siteName: "Dropmint", type: "website" },
    twitter: { card: "summary_large_image", title: name, description },
  };
}

function summarise(text: string | null): string | null {
  const flat = text?.replace(/\s+/g, " ").trim();
  if (!flat) return null;
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

export default async function DropPage({ params }: Props) {
  const drop = await loadDrop((await params).identifier);
  // The drop page's islands read and mint through React Query and the whole browser client.
  return (
    <Providers cluster={getConfig().cluster}>
      {drop.kind === "pre-launch" ? (
        <ComingSoon teaser={drop.teaser} />
      ) : (
        <LiveDrop identifier={drop.identifier} response={drop.collection} />
      )}
    </Providers>
  );
}

function LiveDrop({ identifier, response }: { identifier: string; response: CollectionResponse }) {
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
            {capabilities.supportedBySurface ? (
              <MintPanel
                identifier={identifier}
                collectionId={collection.id}
                cluster={getConfig().cluster}
                initialCollection={response}
              />
            ) : (
              <HostedMint mintUrl={capabilities.mintUrl} />
            )}
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

      <DropSections identifier={identifier} collectionId={collection.id} />
    </article>
  );
}
