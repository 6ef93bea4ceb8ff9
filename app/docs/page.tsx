// /docs — the v1 API reference for partners, including every decision the spec leaves open.
import type { Metadata } from "next";
import { getConfig } from "@/lib/config";
import { OverviewSection } from "./_sections/overview";
import { AuthSection } from "./_sections/auth";
import { CollectionsSection } from "./_sections/collections";
import { EligibilitySection } from "./_sections/eligibility";
import { FeedsSection } from "./_sections/feeds";
import { LeaderboardsSection } from "./_sections/leaderboards";
import { BountiesSection } from "./_sections/bounties";
import { ClaimCodesSection } from "./_sections/claim-codes";
import { PricesSection } from "./_sections/prices";
import { MintSection } from "./_sections/mint";
import { FirstPartySection } from "./_sections/first-party";
import { FaucetSection } from "./_sections/faucet";
import { ThreatModelSection } from "./_sections/threat-model";
import { FairnessSection } from "./_sections/fairness";
import { CreatorsSection } from "./_sections/creators";

export const metadata: Metadata = { title: "API docs" };
// Reads the configuration (base URL, budgets) at request time, not at build time.
export const dynamic = "force-dynamic";

export default function DocsPage() {
  const config = getConfig();
  // [section id, table-of-contents label, content]; ids are the sections' own anchors.
  const sections: Array<[string, string, React.ReactNode]> = [
    ["overview", "Overview", <OverviewSection key="overview" baseUrl={config.publicUrl} />],
    ["authentication", "Authentication, scope and limits", <AuthSection key="auth" rateLimit={config.rateLimit} />],
    ["collections", "Collections", <CollectionsSection key="collections" />],
    ["eligibility", "Eligibility and wallet mints", <EligibilitySection key="eligibility" />],
    ["feeds", "Supply, gallery, feeds and traits", <FeedsSection key="feeds" />],
    ["leaderboards", "Leaderboards", <LeaderboardsSection key="leaderboards" />],
    ["bounties", "Bounties", <BountiesSection key="bounties" />],
    ["claim-codes", "Claim codes", <ClaimCodesSection key="claim-codes" budgets={config.claimCodeChecks} />],
    [
      "prices",
      "Token, pegged and dutch prices",
      <PricesSection key="prices" cacheSeconds={config.tokenPrices.cacheSeconds} />,
    ],
    ["mint", "Minting: prepare, sign, execute", <MintSection key="mint" />],
    ["fairness", "Provably fair assignment", <FairnessSection key="fairness" baseUrl={config.publicUrl} />],
    ["creators", "Launching a drop from a Sugar folder", <CreatorsSection key="creators" />],
    ["first-party", "First-party read router", <FirstPartySection key="first-party" />],
    ["threat-model", "Threat model", <ThreatModelSection key="threat-model" />],
  ];
  if (config.cluster === "localnet") sections.push(["faucet", "Faucet (local chain)", <FaucetSection key="faucet" />]);
  return (
    <article className="max-w-3xl space-y-10 leading-relaxed [&_code]:rounded [&_code]:bg-white/10 [&_code]:px-1">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">Dropmint API v1</h1>
        <p className="text-slate-300">The partner interface for reading drops and minting on Solana.</p>
        <p className="text-sm text-slate-400">
          The contract, machine-readable:{" "}
          <a href="/api/v1/openapi.json" className="text-mint hover:underline">
            OpenAPI 3.1 document
          </a>{" "}
          (every path, parameter, body, answer and error code below comes from it); the typed client is the package in{" "}
          <code>lib/client</code>.
        </p>
        <nav aria-label="Sections">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="text-mint hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {sections.map(([, , content]) => content)}
    </article>
  );
}
