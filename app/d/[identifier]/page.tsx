// /d/{identifier} — the drop page, server-rendered and readable before any JavaScript runs.
// The identifier is the short ID; the UUID and the on-chain address also work and redirect
// to the short link (load-drop.ts), before anything streams, so a wrong link is a real 404.
// Client islands only where data is live: supply, price and phases (one shared poll), the
// mint panel, and whatever the sections below hydrate.
import type { Metadata } from "next";
import { getConfig } from "@/lib/config";
import { Providers } from "../../providers";
import { loadDrop } from "./load-drop";
import { ComingSoon } from "./_header/coming-soon";
import { LiveDrop } from "./live-drop";

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
