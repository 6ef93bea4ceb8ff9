// /docs — the v1 API reference for partners, including every decision the spec leaves open.
import type { Metadata } from "next";
import { getConfig } from "@/lib/config";
import { OverviewSection } from "./_sections/overview";
import { AuthSection } from "./_sections/auth";
import { CollectionsSection } from "./_sections/collections";
import { FaucetSection } from "./_sections/faucet";

export const metadata: Metadata = { title: "API docs" };
// Reads the configuration (base URL, budgets) at request time, not at build time.
export const dynamic = "force-dynamic";

const TOC = [
  ["overview", "Overview"],
  ["authentication", "Authentication, scope and limits"],
  ["collections", "Collections"],
  ["faucet", "Faucet (local chain)"],
] as const;

export default function DocsPage() {
  const config = getConfig();
  return (
    <article className="prose-invert max-w-3xl space-y-10 leading-relaxed [&_code]:rounded [&_code]:bg-white/10 [&_code]:px-1">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">Dropmint API v1</h1>
        <p className="text-slate-300">The partner interface for reading drops and minting on Solana.</p>
        <nav aria-label="Sections">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {TOC.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="text-mint hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <OverviewSection baseUrl={config.publicUrl} />
      <AuthSection rateLimit={config.rateLimit} />
      <CollectionsSection />
      {config.cluster === "localnet" && <FaucetSection />}
    </article>
  );
}
