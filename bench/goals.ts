// What "fast under a mint rush" means, in one table: every bench row that has a goal names
// its id here, and ✓/✗ is decided by `meets` below, nowhere else. Throughput goals are
// shares of the no-op route's req/s measured in the same run (GET /api/health: the
// framework, the HTTP server and the rate limiter, no database), so they hold on a laptop
// and on a server alike; latency goals are absolute, as a buyer feels them.

/** How a goal's number is read: the unit printed, and whether the measure must stay at or above the threshold, or at or below it. */
export const MEASURES = {
  /** req/s of the route ÷ req/s of GET /api/health, same run, same concurrency. */
  "share-of-noop": { unit: "× no-op req/s", must: "at-least" },
  /** 95th-percentile latency seen by the client, in milliseconds. */
  "p95-ms": { unit: "ms p95", must: "at-most" },
  /** First-load JavaScript of the page, gzip, minus that of the build's empty page (/_not-found). */
  "gzip-kb-above-empty": { unit: "KB gzip above empty page", must: "at-most" },
  /** First-load JavaScript of the build's empty page, gzip, minus that of a blank app's (bench/bundle-size.ts). */
  "gzip-kb-above-floor": { unit: "KB gzip above the framework's floor", must: "at-most" },
  /** How much slower the measure gets at scale, in % of its value at the small size. */
  "growth-percent": { unit: "% growth", must: "at-most" },
  /** Resident memory of one site process (VmRSS), in MB. */
  "rss-mb": { unit: "MB RSS", must: "at-most" },
  /** Requests answered 503 SERVER_BUSY by an instance's admission gate (lib/api/admission.ts). */
  "shed-count": { unit: "requests shed (503 SERVER_BUSY)", must: "at-most" },
  /** NFTs minted beyond or short of the drop's supply, plus NFTs minted twice. */
  "mint-count-error": { unit: "NFTs off", must: "at-most" },
} as const;

export type Measure = keyof typeof MEASURES;
/** `strict`: the threshold itself fails (growth "under 10 %"). */
/**
 * `bound`: for a goal this machine (2 cores shared by the site, its database, the chain and the
 * load generator) cannot reach, what bounds it and what would move it, printed when it is
 * missed, beside the measured profile where there is one.
 */
export type Goal = {
  id: string;
  description: string;
  measure: Measure;
  threshold: number;
  strict?: boolean;
  bound?: string;
};

/** Why a read may miss its share on a slow machine: measured where its time goes, for every read goal. */
const READ_BOUND =
  "A repeated read sends no SQL statement (tests/api/read-caches.test.ts, eligibility-caches.test.ts) and is answered from the instance's memory; what it costs is per request. Profiled under 16 concurrent first-party collection reads (an unminified build, DROPMINT_UNMINIFIED_SERVER=1; 15 s): a read took 2.8 ms of the site's thread against the no-op's 1.5 ms. The route's own code was 0.38 ms of it (the schema check of the view 4.2% of the CPU, recognising the caller 2.9%, building the view 2.4%: serverTime and each phase's standing change with the clock, writing the JSON 2.5%); the other 0.9 ms is Next.js and Node doing more for a larger request and answer on a dynamic path (routing 0.20 ms against 0.13, the HTTP parser's share 0.21 against 0.14, the garbage collector 0.19 against 0.12). One 2-core machine measured the reads at 0.66-0.78×, a slower one at 0.52-0.71× (its no-op 364-852 req/s from row to row). What would move it: the view kept as checked text apart from its clock-dependent fields, and Node 24 (AsyncLocalStorage without async hooks).";

export const GOALS = [
  // Reads a buyer's page and a partner's integration make while a drop is selling (npm run bench, PGlite and PostgreSQL).
  {
    id: "read-collection",
    description: "GET /v1/collections/sprites (partner key)",
    measure: "share-of-noop",
    threshold: 0.6,
    bound: READ_BOUND,
  },
  {
    id: "read-availability",
    description: "GET /v1/collections/sprites/availability",
    measure: "share-of-noop",
    threshold: 0.6,
    bound: READ_BOUND,
  },
  {
    id: "read-eligibility",
    description: "GET /v1/collections/sprites/eligibility/{phase}/{wallet}",
    measure: "share-of-noop",
    threshold: 0.6,
    bound: READ_BOUND,
  },
  {
    id: "read-wallet-mints",
    description: "GET /v1/collections/sprites/wallet-mints/{wallet}",
    measure: "share-of-noop",
    threshold: 0.6,
    bound: READ_BOUND,
  },
  {
    id: "read-gallery",
    description: "GET /v1/collections/sprites/gallery, page 1",
    measure: "share-of-noop",
    threshold: 0.6,
    bound: READ_BOUND,
  },
  {
    id: "read-all-minted",
    description: "GET /v1/collections/sprites/all-minted, page 1",
    measure: "share-of-noop",
    threshold: 0.6,
    bound: READ_BOUND,
  },
  {
    id: "read-public-collection",
    description: "GET /public/collection/sprites (the site's own page, Origin = site)",
    measure: "share-of-noop",
    threshold: 0.6,
    bound: READ_BOUND,
  },
  // Search box: 16 concurrent visitors over 5,000 drops, for each kind of query (bench/search.ts).
  {
    id: "search-p95",
    description: "GET /public/collections/search, 16 concurrent, 5,000 drops",
    measure: "p95-ms",
    threshold: 20,
    bound:
      "A repeated search is answered from the instance's memory (forgotten when a drop or its counts change), a new one by one indexed statement in 0.5-18 ms (bench/search-inprocess.ts), and a repeated one whose drops' standings are unchanged is the same frozen answer, whose checked text the route keeps, so over HTTP a search costs about what the no-op route costs: compare their p95s in the rows above (one run: searches at 0.78-0.89× the no-op route's req/s, p95 19-23 ms, the no-op route's own p95 17-18 ms). At 16 concurrent on 2 shared cores the no-op route's own p95 is 15-25 ms (Next.js spends about 0.7 ms of CPU per answer, queued 16 deep). What would move it: more cores per instance, or a CDN in front (search answers are public, s-maxage=2).",
  },
  // The mint itself, 64 concurrent buyers with distinct funded wallets on a drop that does not sell out (PostgreSQL).
  {
    id: "prepare-mint",
    description: "POST /v1/prepare-mint, 64 concurrent, PostgreSQL",
    measure: "share-of-noop",
    threshold: 0.25,
    bound:
      "The site's one JS thread, on 2 cores it shares with PostgreSQL, the chain and the load generator. The mint rows print where a prepare's wall time goes on that thread (bench/thread-time.ts, Linux's schedstat); one run on PostgreSQL: 10.1 ms a prepare = 6.8 ms on a CPU + 1.9 ms waiting for a CPU another process held + 1.3 ms with nothing to run (the burst's first and last requests waiting on the database), against 1.07 ms for the no-op route. So a prepare's CPU alone holds the share near 0.16 (1.07 / 6.8) even with no wait; 0.25 needs about 4.3 ms a prepare. That CPU: what the no-op costs (Next.js and the HTTP server, about 1 ms), then in process 4-5 ms (npm run bench:statements): 3 SQL statements, each a round trip, with no transaction and no lock (Prisma's client about 11% of the samples, pg and the socket writes about 9%); the transaction build about 17% (the instructions' encoders and the mint key: the message is written to bytes directly, lib/chain/message-compile.ts, and the buyer's token account found with node:crypto, lib/chain/program-address.ts); the garbage collector about 6%; no function of the app's own above 0.3% self time (the profile printed above, over the mint rows alone). Tried and measured without gain: PostgreSQL over its Unix socket (0.109x against 0.115x over TCP in the same hour: each statement's write wakes a PostgreSQL backend either way). What would move it: the site on cores of its own, with the database and the load elsewhere as deployed (that removes the wait, not the 6.8 ms); the hot statements sent without Prisma's client; Node 24 (AsyncLocalStorage without async hooks, about 6-8% here). A second instance per machine doubles the no-op route as well, so it moves throughput, not this share.",
  },
  {
    id: "execute-mint",
    description: "POST /v1/execute-mint, 64 concurrent, PostgreSQL",
    measure: "share-of-noop",
    threshold: 0.15,
    bound:
      "An execute is 3 SQL statements (the session with its gates, the claim, the record), the wallet's signature verified, the server's two signatures made, and the transaction run by the embedded SVM (Token-2022 with metadata and group extensions) on the request's thread. The mint rows print where its wall time goes on that thread (bench/thread-time.ts); one run on PostgreSQL: 9.7 ms an execute = 6.9 ms on a CPU + 1.5 ms waiting for a CPU another process held + 1.3 ms with nothing to run, against 1.07 ms for the no-op route: its CPU alone holds the share near 0.155, so the waits decide whether a run makes 0.15 (0.12-0.16x from run to run on one slow machine). The wire bytes are read as bytes (lib/chain/legacy-wire.ts; kit's and web3.js's decoders had been about a quarter of its CPU) and the token index reads written accounts by their key bytes (8 µs an account against 64). Profiled in process: the SVM's own run of the transaction about 15% of an execute's busy time, Prisma's client about 15%, the signature check and the two signatures with node:crypto about 8%, the mint key's derivation 3%; no other step of ours above 2%. What would move it: the chain submit off the request's thread (or a real RPC node instead of the embedded chain), the site on cores of its own, and the three statements sent without Prisma's client.",
  },
  // What a visitor's phone downloads before a page works: the root layout's share (paid by
  // every page), then what each page brings on top of it.
  {
    id: "empty-page-js",
    description: "/_not-found (the root layout alone) first-load JS above a blank Next app's",
    measure: "gzip-kb-above-floor",
    threshold: 5,
  },
  {
    id: "home-page-js",
    description: "/ first-load JS above an empty page",
    measure: "gzip-kb-above-empty",
    threshold: 10,
  },
  {
    id: "search-page-js",
    description: "/search first-load JS above an empty page",
    measure: "gzip-kb-above-empty",
    threshold: 10,
  },
  {
    id: "drop-page-js",
    description: "/d/[identifier] first-load JS above an empty page",
    measure: "gzip-kb-above-empty",
    threshold: 25,
  },
  // Chain cost of a mint must not grow with the drop (bench/chain-cost.ts: 100 vs 10,000 minted).
  {
    id: "chain-cost",
    description: "mint chain cost at 10,000 minted vs 100 (p50 and p95)",
    measure: "growth-percent",
    threshold: 20,
  },
  // npm run bench:rush (and the end of npm run bench): two instances, one PostgreSQL, Redis,
  // one chain; 1,000 buyers for the last 100 NFTs. The thresholds are issue 27's: prepare
  // p95 500 ms (not the stricter 300 ms this table had), because the issue asks for it
  // together with nothing shed, and a gate that sheds makes a p95 look better than a buyer
  // feels it: a shed prepare is a fast 503 in the percentiles and a second try one second later.
  {
    id: "rush-prepare-p95",
    description: "rush: prepare-mint p95, 1,000 concurrent buyers",
    measure: "p95-ms",
    threshold: 500,
    bound:
      "Below what the framework itself can do on 2 cores: the rush now measures its floor, the no-op route (GET /api/health) sent in a burst as large as the first round's prepares (1,250 at once over both instances, each buyer from its own address): p50 780 ms, p95 1,375 ms. A prepare cannot be answered sooner than a request that does nothing. Measured with prepared statements (one run, 1,000 buyers for 100 NFTs): prepare p95 3.0 s (5.0 s before), the 100 that reserved p50 2.0 s and p95 2.3 s, the 900 refused p50 3.0 s, sold out in 4.7 s in round 1 (7.5 s before), nothing shed, the attacker's 250 prepares all refused. No prepare is worked through the database after the drop sells out: the first SOLD_OUT teaches each instance, which refuses the rest from memory (lib/services/mint/sold-out-memory.ts). The first instance's profile over the rush (RUSH_CPU_PROFILE=1): node internals 41-44% (socket writes 8-11%, async hooks and an AbortSignal per request), Next.js 10-12%, the app's bundle 9-11%, the garbage collector 5-6%, @prisma/client 6-7%; no frame above 11%. What would move it: more cores or instances (1,250 requests at about 0.7 ms of framework each queue on 2 cores shared with the database, the chain and the load generator's 1,000 connections), and an edge queue that lets in a drop's buyers only while it has supply.",
  },
  {
    id: "rush-execute-p95",
    description: "rush: execute-mint p95",
    measure: "p95-ms",
    threshold: 800,
    bound:
      "Measured with prepared statements: execute p95 1.1 s (p50 1.0 s; 1.66 s before). The 100 executes of a round arrive at once, 50 per instance, right after the prepares' burst (whose no-op floor is p95 1.4 s, printed above): each verifies the wallet's signature, makes the server's two signatures, sends the transaction to the localnet (preflight and execution of a Token-2022 mint with metadata and group extensions, one process) and reads its status, then records the mint (3 SQL statements), on 2 cores shared with the other instance, PostgreSQL, the chain and the load generator; no execute is shed (executes have room of their own). What would move it: the chain submit off the request's thread, the localnet on a core of its own (or a real RPC node), and more cores.",
  },
  {
    id: "rush-shed",
    description: "rush: prepares and executes shed (503 SERVER_BUSY) at 1,000 concurrent buyers",
    measure: "shed-count",
    threshold: 0,
  },
  {
    id: "rush-exact-supply",
    description: "rush: exactly the drop's supply minted, no NFT twice",
    measure: "mint-count-error",
    threshold: 0,
  },
  // One instance's memory after the whole bench (npm run bench prints its parts: lib/metrics.ts memoryBreakdown).
  {
    id: "memory-embedded",
    description: "site RSS after the bench, embedded defaults (PGlite, embedded chain)",
    measure: "rss-mb",
    threshold: 512,
    bound:
      "Measured after the site rows (scripts/serve.mjs, MALLOC_ARENA_MAX=2): 500-510 MB, of which the JS heap 137-146 MB used of 211-214 MB committed (V8 grows it to 1.5x what a full collection left live, and the young generation keeps 32 MB), PGlite's WebAssembly memory 128 MB (it only grows; about 86 MB of it resident), litesvm's state 2 MB, and 145-150 MB of other native memory: the node binary's code (45 MB), malloc's arenas, compiled WebAssembly. Since then the site runs with node --max-semi-space-size=8 (package.json, deploy/systemd): 485-495 MB, the JS heap 191-195 MB committed. What would move it further: PGlite's buffer pool 64 -> 32 MB (lib/db/pglite-start.ts; slower cold reads), or PostgreSQL, which takes the database out of the process.",
  },
  {
    id: "memory-postgres",
    description: "site RSS after the bench, PostgreSQL (embedded chain)",
    measure: "rss-mb",
    threshold: 384,
    bound:
      "Measured after the site rows (scripts/serve.mjs, MALLOC_ARENA_MAX=2): 350-360 MB, of which the JS heap 138-143 MB used of 197-201 MB committed (V8 grows it to 1.5x what a full collection left live, and the young generation keeps 32 MB), litesvm's state 2 MB, and 145-155 MB of other native memory: the node binary's code (45 MB), malloc's arenas, compiled WebAssembly. Since then the site runs with node --max-semi-space-size=8 (package.json, deploy/systemd): 336 MB, the JS heap 184 MB committed (361-388 MB without, once prepared statements let more mints through). What would move it further: fewer Next.js route modules loaded per process, or the chain on an RPC node (SOLANA_RPC_URL) rather than embedded.",
  },
  // npm run bench:soak: mixed reads for SOAK_MINUTES against one instance.
  {
    id: "soak-rss",
    description: "soak: site RSS growth after the warm-up minute",
    measure: "growth-percent",
    threshold: 10,
    strict: true,
  },
] as const satisfies readonly Goal[];

export type GoalId = (typeof GOALS)[number]["id"];

export function goal(id: GoalId): Goal {
  return (GOALS as readonly Goal[]).find((g) => g.id === id)!;
}

/** Whether a measured value meets the goal (a missing or non-finite value does not). */
export function meets(id: GoalId, value: number): boolean {
  const { measure, threshold, strict } = goal(id);
  if (!Number.isFinite(value)) return false;
  if (MEASURES[measure].must === "at-least") return strict ? value > threshold : value >= threshold;
  return strict ? value < threshold : value <= threshold;
}

/** "✓" or "✗" and the goal, e.g. `✓ (≥ 0.60 × no-op req/s)`. */
export function verdict(id: GoalId, value: number): string {
  return `${meets(id, value) ? "✓" : "✗"} (${target(id)})`;
}

export function target(id: GoalId): string {
  const { measure, threshold, strict } = goal(id);
  const { unit, must } = MEASURES[measure];
  const sign = must === "at-least" ? (strict ? ">" : "≥") : strict ? "<" : "≤";
  return `${sign} ${measure === "share-of-noop" ? threshold.toFixed(2) : threshold} ${unit}`;
}

/** The table as printed at the top of every bench. */
export function printGoals(ids?: readonly GoalId[]): void {
  console.log("\nGoals (bench/goals.ts)");
  for (const g of GOALS)
    if (!ids || ids.includes(g.id)) console.log(`  ${g.id.padEnd(24)} ${target(g.id).padEnd(34)} ${g.description}`);
}

/** What bounds each missed goal that has a `bound`, one paragraph each. */
export function printBounds(missed: Iterable<GoalId>): void {
  const bounded = [...new Set(missed)].map(goal).filter((g) => g.bound);
  if (bounded.length === 0) return;
  console.log("\nMissed here, and why (bench/goals.ts):");
  for (const g of bounded) console.log(`  ${g.id}: ${g.bound}`);
}
