// `npm run fuzz`: fuzzing by contract (tests/fuzz/run-fuzz.ts) against the built site
// (`next build` first). It starts the site itself on a fresh embedded database, or on
// PostgreSQL with `--database-url postgresql://…` (an empty database), or drives a site that
// is already running with `--url http://… --api-key dm_live_…` (a key for every drop).
// `--seed N` and `--cases N` (per operation) change the fixed defaults. Exit 1 on any finding.
import { parseArgs } from "node:util";
import { FUZZ_DEFAULTS, fuzzContract } from "../tests/fuzz/run-fuzz";
import { startFuzzSite, type FuzzSite } from "../tests/fuzz/fuzz-site";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    "api-key": { type: "string" },
    "database-url": { type: "string" },
    seed: { type: "string" },
    cases: { type: "string" },
  },
});

let started: FuzzSite | undefined;
try {
  if (values.url && !values["api-key"]) throw new Error("--url needs --api-key (a live key for every drop)");
  started = values.url ? undefined : await startFuzzSite({ databaseUrl: values["database-url"] });
  const target = started
    ? { url: started.site.url, apiKey: started.apiKey }
    : { url: values.url!, apiKey: values["api-key"]! };
  const report = await fuzzContract(target, {
    seed: values.seed ? Number(values.seed) : FUZZ_DEFAULTS.seed,
    casesPerOperation: values.cases ? Number(values.cases) : FUZZ_DEFAULTS.casesPerOperation,
  });
  console.log(
    `${report.operations} operations, ${report.requests} requests in ${report.seconds.toFixed(1)} s; statuses ${JSON.stringify(report.statuses)}`,
  );
  for (const finding of report.findings)
    console.log(`✗ ${finding.operationId} → ${finding.status}: ${finding.problem}\n    ${finding.request}`);
  console.log(report.findings.length === 0 ? "No findings." : `${report.findings.length} findings.`);
  process.exitCode = report.findings.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`fuzz: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await started?.stop();
}
