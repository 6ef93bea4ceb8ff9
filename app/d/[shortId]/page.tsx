// /d/{shortId} — the drop page, server-rendered and readable before any JavaScript runs.
// The UUID and the on-chain address also work and redirect to the short link.
import type { Metadata } from "next";
import { cache } from "react";
import { notFound, permanentRedirect } from "next/navigation";
import { getRuntime } from "@/lib/server/runtime";
import { findCollectionRef, classifyIdentifier } from "@/lib/services/collection-ref";
import { getCollectionView } from "@/lib/services/collections";
import { PriceLabel } from "@/app/_components/price-label";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ shortId: string }> };

// cache(): generateMetadata and the page share one load per request.
const loadDrop = cache(async (identifier: string) => {
  if (!classifyIdentifier(identifier)) notFound();
  const { database, config } = await getRuntime();
  const ref = await findCollectionRef(database.prisma, identifier);
  if (!ref) notFound();
  if (ref.shortId && ref.shortId !== identifier) permanentRedirect(`/d/${ref.shortId}`);
  const launch = await database.prisma.collection.findUnique({ where: { id: ref.id }, select: { launchStatus: true } });
  const view = await getCollectionView(database.prisma, ref.id, { now: new Date(), config });
  return { view, launchStatus: launch?.launchStatus ?? "live" };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { view } = await loadDrop((await params).shortId);
  return { title: view.collection.name ?? "Drop", description: view.collection.description ?? undefined };
}

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function DropPage({ params }: Props) {
  const { view, launchStatus } = await loadDrop((await params).shortId);
  const { collection, stats, phases, capabilities } = view;
  if (launchStatus !== "live") {
    return (
      <section className="space-y-4 text-center">
        <h1 className="text-4xl font-bold">{collection.name}</h1>
        <p className="text-xl text-slate-300">Coming soon</p>
      </section>
    );
  }
  return (
    <article className="space-y-8">
      {collection.bannerImage && (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={collection.bannerImage} alt="" width={1500} height={500} className="aspect-[3/1] w-full rounded-xl object-cover" />
      )}
      <header className="flex flex-col gap-6 sm:flex-row">
        {collection.image && (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={collection.image} alt={`${collection.name} artwork`} width={192} height={192} className="h-48 w-48 rounded-xl" />
        )}
        <div className="space-y-2">
          <h1 className="flex items-center gap-3 text-4xl font-bold">
            {collection.name}
            {collection.isVerified && <span className="rounded bg-mint/20 px-2 py-0.5 text-sm text-mint">Verified</span>}
          </h1>
          <p className="text-slate-400">{collection.symbol}</p>
          <p className="max-w-2xl text-slate-200">{collection.description}</p>
          <p className="text-slate-300">
            {stats.isOpenEnded ? `${stats.mintedCount} minted · open edition` : `${stats.mintedCount} / ${stats.totalSupply} minted (${stats.percentMinted}%)`}
          </p>
          {!capabilities.supportedBySurface && capabilities.mintUrl && (
            <a href={capabilities.mintUrl} className="inline-block rounded-lg bg-mint px-4 py-2 font-semibold text-ink">
              Mint on the hosted page
            </a>
          )}
        </div>
      </header>
      <section aria-labelledby="phases-heading" className="space-y-3">
        <h2 id="phases-heading" className="text-2xl font-semibold">
          Phases
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3">
          {phases.all.map((phase) => (
            <li key={phase.id} className="rounded-lg border border-white/10 p-4">
              <p className="font-semibold">{phase.name ?? "Phase"}</p>
              <p className="text-sm capitalize text-slate-300">{phase.status}</p>
              <p className="text-sm">
                <PriceLabel price={phase.priceDisplay} />
              </p>
              <p className="text-xs text-slate-400">
                {phase.startDate ? `From ${dateFormat.format(new Date(phase.startDate))} UTC` : "Open"}
                {phase.endDate ? ` to ${dateFormat.format(new Date(phase.endDate))} UTC` : ""}
              </p>
              {phase.maxPerWallet ? <p className="text-xs text-slate-400">Up to {phase.maxPerWallet} per wallet</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
