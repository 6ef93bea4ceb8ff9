// Home: the drops on this site. Discovery feeds and search arrive with the first-party router.
import Link from "next/link";
import { getRuntime } from "@/lib/server/runtime";
import { listCollectionSummaries } from "@/lib/services/collection-summaries";
import { PriceLabel } from "./_components/price-label";

export const dynamic = "force-dynamic";

const STATUS_LABEL = { active: "Minting now", upcoming: "Upcoming", ended: "Ended" } as const;

export default async function HomePage() {
  const { database, config } = await getRuntime();
  const drops = await listCollectionSummaries(database.prisma, { now: new Date(), publicBaseUrl: config.publicUrl });
  return (
    <section aria-labelledby="drops-heading">
      <h1 id="drops-heading" className="mb-6 text-3xl font-bold">
        Drops
      </h1>
      {drops.length === 0 ? (
        <p className="text-slate-400">No drops yet.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {drops.map((drop) => (
            <li key={drop.id}>
              <Link
                href={`/d/${drop.shortId ?? drop.id}`}
                className="block overflow-hidden rounded-xl border border-white/10 bg-white/5 transition hover:border-mint/60"
              >
                {drop.image ? (
                  // Demo art is SVG drawn by this app; next/image adds nothing for it.
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={drop.image} alt="" width={512} height={512} className="aspect-square w-full object-cover" />
                ) : (
                  <div className="aspect-square w-full bg-white/10" />
                )}
                <div className="space-y-1 p-4">
                  <p className="flex items-center gap-2 font-semibold">
                    {drop.name ?? "Untitled drop"}
                    {drop.isVerified && (
                      <span className="rounded bg-mint/20 px-1.5 text-xs text-mint" title="Verified creator">
                        Verified
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-300">
                    {drop.launchStatus === "live" ? STATUS_LABEL[drop.status] : "Coming soon"} · <PriceLabel price={drop.price} />
                  </p>
                  <p className="text-sm text-slate-400">
                    {drop.stats.isOpenEnded
                      ? `${drop.stats.mintedCount} minted · open edition`
                      : `${drop.stats.mintedCount} / ${drop.stats.totalSupply} minted`}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
