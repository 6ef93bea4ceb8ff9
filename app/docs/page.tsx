// /docs — the v1 API reference for partners, including every decision the spec leaves open.
import type { Metadata } from "next";
import { REQUEST_RULES } from "@/lib/api/openapi/document";
import { getConfig } from "@/lib/config";
import { documentOf } from "./_reference/contract";
import { DocsIndex, type IndexEntry } from "./_reference/docs-index";
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
import { ProfilesSection } from "./_sections/profiles";
import { StudioSection } from "./_sections/studio";
import { StudioUploadsSection } from "./_sections/studio-uploads";

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
    ["studio", "Creator studio: who may create", <StudioSection key="studio" />],
    ["studio-uploads", "Creator studio: launching from the browser", <StudioUploadsSection key="studio-uploads" />],
    ["first-party", "First-party read router", <FirstPartySection key="first-party" />],
    ["profiles", "Profiles, ranks and reactions", <ProfilesSection key="profiles" />],
    ["threat-model", "Threat model", <ThreatModelSection key="threat-model" />],
  ];
  if (config.cluster === "localnet") sections.push(["faucet", "Faucet (local chain)", <FaucetSection key="faucet" />]);
  const index: IndexEntry[] = [
    ...sections.map(([id, label]) => ({ href: `#${id}`, label, group: "Guides" })),
    ...operationIndex(),
  ];
  return (
    <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
      <aside className="mb-8 lg:sticky lg:top-4 lg:mb-0 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
        <DocsIndex entries={index} />
      </aside>
      {/* Long words (paths, JSON) wrap, and a table too wide for a phone scrolls inside itself. */}
      <article className="max-w-3xl min-w-0 space-y-10 leading-relaxed [overflow-wrap:anywhere] max-sm:[&_table]:block max-sm:[&_table]:overflow-x-auto [&_code]:rounded [&_code]:bg-white/10 [&_code]:px-1">
        <header className="space-y-2">
          <h1 className="text-3xl font-bold">Dropmint API v1</h1>
          <p className="text-slate-300">The partner interface for reading drops and minting on Solana.</p>
          <p className="text-sm text-slate-400">
            The contract, machine-readable:{" "}
            <a href="/api/v1/openapi.json" className="text-mint hover:underline">
              OpenAPI 3.1 document
            </a>{" "}
            (every path, parameter, body, answer, example and error code below comes from it); the typed client is the
            package in <code>lib/client</code>. {REQUEST_RULES}
          </p>
          <pre className="overflow-x-auto rounded bg-black/40 p-3 text-xs" data-example="client-setup">
            {`import { createDropmintClient } from "@dropmint/client";\n\n` +
              `const dropmint = createDropmintClient({ baseUrl: "${config.publicUrl}", apiKey: process.env.DROPMINT_API_KEY });`}
          </pre>
        </header>
        {sections.map(([, , content]) => content)}
      </article>
    </div>
  );
}

/** Every v1 endpoint, grouped by its tag, in the document's order: each has its <Operation /> anchor. */
function operationIndex(): IndexEntry[] {
  const document = documentOf("v1");
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      href: `#op-${operation.operationId}`,
      label: `${method.toUpperCase()} ${path}`,
      detail: String(operation.summary),
      group: (operation.tags as string[] | undefined)?.[0] ?? "Endpoints",
    })),
  );
}
