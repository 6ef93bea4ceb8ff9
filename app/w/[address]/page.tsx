// /w/{address} — a collector's page, server-rendered: their profile, the NFTs they minted on
// Dropmint and those of Dropmint's drops they hold now, and the drops they minted from. Only
// the collector's own controls are a client island, shown when this browser signed in with
// the wallet; the rendered page is the same for every visitor, so a CDN may keep it a few
// seconds like the drop page (lib/api/page-limits.ts, applied by scripts/serve.ts).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getConfig } from "@/lib/config";
import { formatUtcDateTime } from "@/lib/format";
import { getServiceContext } from "@/lib/server/runtime";
import { getCollectorPage, getCollectorSummary, type CollectorNft } from "@/lib/services/collector-page";
import { collectorShareCardOf } from "@/app/_components/share-card";
import { ProfileEditor } from "./profile-editor";
import { isWalletAddress, shortAddress as short } from "./wallet-address";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ address: string }> };

// The share card's words make the title and description; og:image and twitter:image are the
// route's opengraph-image and twitter-image, which Next links by itself.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { address } = await params;
  if (!isWalletAddress(address)) return { title: "Collector" };
  const { publicUrl } = getConfig();
  const ctx = await getServiceContext();
  const card = collectorShareCardOf(address, await getCollectorSummary(ctx, address), ctx.publicBaseUrl);
  const title = card.kind === "collector" ? card.name : `Collector ${short(address)}`;
  const description =
    card.kind === "collector" ? `${card.rank} · ${card.counts} on Dropmint.` : "A collector on Dropmint.";
  const url = `/w/${address}`;
  return {
    metadataBase: new URL(publicUrl),
    title,
    description,
    alternates: { canonical: url },
    openGraph: { title, description, url, siteName: "Dropmint", type: "profile" },
    twitter: { card: "summary_large_image", title, description },
  };
}

export default async function CollectorPage({ params }: Props) {
  const { address } = await params;
  if (!isWalletAddress(address)) notFound();
  const { cluster } = getConfig();
  const { profile, minted, held, drops } = await getCollectorPage(await getServiceContext(), address);
  const heldMints = (held ?? []).flatMap((n) =>
    n.mintAddress ? [{ mintAddress: n.mintAddress, name: n.name ?? "NFT" }] : [],
  );
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <header className="flex items-center gap-4" data-testid="collector-header">
        {profile.avatarUrl ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={profile.avatarUrl} alt="" width={72} height={72} className="h-18 w-18 rounded-full bg-white/5" />
        ) : (
          <div aria-hidden="true" className="h-18 w-18 rounded-full bg-gradient-to-br from-mint/40 to-indigo-500/40" />
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{profile.displayName ?? short(address)}</h1>
          <p className="font-mono text-xs text-slate-400 [overflow-wrap:anywhere]">{address}</p>
          <p className="text-sm text-slate-300">
            <span className="capitalize">{profile.platformRank}</span>
            {profile.effects.length > 0 && ` · ${profile.effects.map((e) => e.effect_type).join(", ")}`}
          </p>
        </div>
      </header>
      <ProfileEditor address={address} cluster={cluster} displayName={profile.displayName} heldMints={heldMints} />
      {cluster === "localnet" && (
        <p className="text-sm text-slate-400">
          This site runs on its own local chain: no public explorer can show these NFTs or transactions.
        </p>
      )}
      <NftList title="Minted on Dropmint" testId="collector-minted" nfts={minted} empty="No mints yet." />
      {held === null ? (
        <p className="text-sm text-amber-300">What this wallet holds could not be read from the chain just now.</p>
      ) : (
        <NftList title="Holds now" testId="collector-held" nfts={held} empty="No NFTs of Dropmint's drops held." />
      )}
      <section aria-labelledby="drops-heading" className="space-y-2">
        <h2 id="drops-heading" className="text-xl font-semibold">
          Drops minted from
        </h2>
        {drops.length === 0 ? (
          <p className="text-slate-300">None yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {drops.map((drop) => (
              <li key={drop.shortId ?? drop.name}>
                <a
                  href={`/d/${drop.shortId}`}
                  className="block rounded border border-white/10 px-3 py-1 hover:border-mint"
                >
                  {drop.name ?? drop.shortId} <span className="text-slate-400">× {drop.mints}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NftList({
  title,
  testId,
  nfts,
  empty,
}: {
  title: string;
  testId: string;
  nfts: CollectorNft[];
  empty: string;
}) {
  return (
    <section aria-label={title} className="space-y-2" data-testid={testId}>
      <h2 className="text-xl font-semibold">{title}</h2>
      {nfts.length === 0 ? (
        <p className="text-slate-300">{empty}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {nfts.map((nft) => (
            <li key={nft.nftId} id={`nft-${nft.mintAddress ?? nft.nftId}`}>
              <NftCard nft={nft} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NftCard({ nft }: { nft: CollectorNft }) {
  return (
    <figure className="space-y-1 text-sm">
      <div className="aspect-square overflow-hidden rounded-lg bg-white/5">
        {nft.image && (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={nft.image} alt={nft.name ?? ""} width={200} height={200} className="h-full w-full object-cover" />
        )}
      </div>
      <figcaption className="space-y-0.5">
        <span className="block font-medium [overflow-wrap:anywhere]">{nft.name ?? "Unnamed NFT"}</span>
        <a href={`/d/${nft.drop.shortId}`} className="block text-xs text-slate-400 hover:text-mint">
          {nft.drop.name ?? nft.drop.shortId}
        </a>
        <span className="block text-xs text-slate-400">
          {nft.isRevealed ? (
            nft.rarityTier ? (
              <span className="capitalize">{nft.rarityTier}</span>
            ) : (
              "Revealed"
            )
          ) : (
            "Not revealed yet"
          )}
          {nft.rarityRank !== null && ` · rank ${nft.rarityRank}`}
        </span>
        {nft.mintedAt && <span className="block text-xs text-slate-500">Minted {formatUtcDateTime(nft.mintedAt)}</span>}
        {nft.explorerUrl && (
          <a
            href={nft.explorerUrl}
            rel="noopener noreferrer"
            target="_blank"
            className="block text-xs text-mint hover:underline"
          >
            View on explorer
          </a>
        )}
      </figcaption>
    </figure>
  );
}
