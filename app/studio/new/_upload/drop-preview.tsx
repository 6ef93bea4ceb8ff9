// A summary of the drop before launch, from the plan the launch will write (the same planOf as
// `npm run drop`): cover, banner, name and description, supply, phases with their prices and
// gates, and the first NFTs. Images are the uploaded files, read with the wallet's header. The
// drop page itself, as collectors will see it, is the preview page (app/studio/new/preview).
"use client";

import { useEffect, useState } from "react";
import type { DropPreview as Preview } from "@/lib/schemas/studio-uploads";
import type { UploadApi } from "./upload-api";

const sol = (lamports: string) =>
  `${(Number(lamports) / 1e9).toLocaleString("en-US", { maximumFractionDigits: 4 })} SOL`;
const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none);

function StagedImage({ api, src, alt, className }: { api: UploadApi; src: string; alt: string; className: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    void api.imageUrl(src).then(
      (u) => setUrl((made = u)),
      () => setUrl(null),
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, src]);
  // eslint-disable-next-line @next/next/no-img-element
  return url ? <img src={url} alt={alt} className={className} /> : <div className={`${className} bg-white/5`} />;
}

export function DropPreview({ api, preview, origin }: { api: UploadApi; preview: Preview; origin: string }) {
  return (
    <section
      aria-label="Summary of the drop"
      className="space-y-4 rounded-xl border border-white/10 p-4"
      data-testid="drop-preview"
    >
      {preview.bannerImage && (
        <StagedImage api={api} src={preview.bannerImage} alt="" className="h-32 w-full rounded-lg object-cover" />
      )}
      <div className="flex gap-4">
        <StagedImage
          api={api}
          src={preview.image}
          alt={`${preview.name} cover`}
          className="h-28 w-28 rounded-lg object-cover"
        />
        <div className="min-w-0 space-y-1">
          <h2 className="text-2xl font-bold [overflow-wrap:anywhere]">{preview.name}</h2>
          <p className="text-sm text-slate-400">
            {preview.symbol} · {preview.supply.toLocaleString("en-US")} NFTs
            {preview.fair && " · fair order"}
            {preview.delayedReveal && " · delayed reveal"}
          </p>
          <p className="font-mono text-sm text-mint">
            {origin}/d/{preview.shortId}
          </p>
          {preview.description && (
            <p className="text-sm text-slate-300 [overflow-wrap:anywhere]">{preview.description}</p>
          )}
        </div>
      </div>
      <table className="w-full text-left text-sm">
        <thead className="text-slate-400">
          <tr>
            <th>Phase</th>
            <th>Price</th>
            <th>Opens</th>
            <th>Closes</th>
            <th>Who</th>
            <th>Limit</th>
          </tr>
        </thead>
        <tbody>
          {preview.phases.map((p) => (
            <tr key={p.name}>
              <td>{p.name}</td>
              <td>
                {p.priceModel === "pegged" ? "pegged" : `${sol(p.price)}${p.priceModel === "dutch" ? " (dutch)" : ""}`}
              </td>
              <td>{when(p.startDate, "at launch")}</td>
              <td>{when(p.endDate, "never")}</td>
              <td>{p.gate === "allowlist" ? `allowlist of ${p.allowlistSize}` : p.gate}</td>
              <td>{p.maxPerWallet ? `${p.maxPerWallet} per wallet` : "none"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {preview.nfts.map((nft) => (
          <li key={nft.tokenId} className="space-y-1 text-xs">
            <StagedImage
              api={api}
              src={nft.image}
              alt={nft.name}
              className="aspect-square w-full rounded object-cover"
            />
            <p className="truncate">{nft.name}</p>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-400">
        Treasury {preview.treasury} · {preview.claimCodeBatches} claim-code batch
        {preview.claimCodeBatches === 1 ? "" : "es"} · {preview.bounties} bount{preview.bounties === 1 ? "y" : "ies"}
      </p>
    </section>
  );
}
