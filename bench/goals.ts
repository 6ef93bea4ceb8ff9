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

export const GOALS = [
  // Reads a buyer's page and a partner's integration make while a drop is selling (npm run bench, PGlite and PostgreSQL).
  {
    id: "read-collection",
    description: "GET /v1/collections/sprites (partner key)",
    measure: "share-of-noop",
    threshold: 0.6,
  },
  {
    id: "read-availability",
    description: "GET /v1/collections/sprites/availability",
    measure: "share-of-noop",
    threshold: 0.6,
  },
  {
    id: "read-eligibility",
    description: "GET /v1/collections/sprites/eligibility/{phase}/{wallet}",
    measure: "share-of-noop",
    threshold: 0.6,
  },
  {
    id: "read-wallet-mints",
    description: "GET /v1/collections/sprites/wallet-mints/{wallet}",
    measure: "share-of-noop",
    threshold: 0.6,
  },
  {
    id: "read-gallery",
    description: "GET /v1/collections/sprites/gallery, page 1",
    measure: "share-of-noop",
    threshold: 0.6,
  },
  {
    id: "read-all-minted",
    description: "GET /v1/collections/sprites/all-minted, page 1",
    measure: "share-of-noop",
    threshold: 0.6,
  },
  {
    id: "read-public-collection",
    description: "GET /public/collection/sprites (the site's own page, Origin = site)",
    measure: "share-of-noop",
    threshold: 0.6,
  },
  // Search box: 16 concurrent visitors over 5,000 drops, for each kind of query (bench/search.ts).
  {
    id: "search-p95",
    description: "GET /public/collections/search, 16 concurrent, 5,000 drops",
    measure: "p95-ms",
    threshold: 20,
    bound:
      "A repeated search is answered from the instance's memory (forgotten when a drop or its counts change), a new one by one indexed statement in 0.5-18 ms (bench/search-inprocess.ts), so over HTTP a search costs what the no-op route costs: compare their p95s in the rows above. At 16 concurrent on 2 shared cores the no-op route's own p95 is 15-25 ms (Next.js spends about 0.7 ms of CPU per answer, queued 16 deep). What would move it: more cores per instance, or a CDN in front (search answers are public, s-maxage=2).",
  },
  // The mint itself, 64 concurrent buyers with distinct funded wallets on a drop that does not sell out (PostgreSQL).
  {
    id: "prepare-mint",
    description: "POST /v1/prepare-mint, 64 concurrent, PostgreSQL",
    measure: "share-of-noop",
    threshold: 0.25,
    bound:
      "A prepare is 3 SQL statements on the common path, each a round trip (npm run bench:statements): the gates, one that supersedes, reserves and records the sessions, and one that fills them in once the holder's share and the wallet's limit, counted after the record, allow (lib/services/mint/record-then-verify.ts). No transaction and no lock, so the bench's 64 buyers, one partner key and one holder, no longer wait for each other (before: one advisory lock per phase and holder, held from the first statement to COMMIT, 7 statements; 27 req/s, 0.068×, against 75 req/s, 0.130× after, on the same loaded machine). What is left is CPU on 2 cores shared with PostgreSQL, the chain and the load generator. In process, one at a time, a prepare keeps the site's one JS thread busy 7-9 ms (npm run bench:statements, the main thread busy column): the transaction build 1.0 ms (2.6 ms before its compile shared each account's base58 text, of which 0.3 ms is the buyer's token-account address, a curve check in pure JS), the three statements' socket writes about 1 ms (writev: on 2 cores a loopback write to PostgreSQL often waits for the backend it wakes), the query path through @prisma/client about 0.7 ms, and the rest spread over zod, the envelope and the checks, no frame above 4%. Over HTTP Next.js adds what the no-op route costs (about 1 ms: routing, a web Request and AbortSignal per request, headers and body written separately). The profile printed above: writev 6.8-7.0%, the garbage collector 6.8-7.0%, writeUtf8String (headers) 3.1%, runMicrotasks 2.3-2.7%; by place node internals 43%, next 18%, the app's bundle 9%; base58 encoding, 1.3% before, is gone from the top frames. What would move it: more cores (the site, PostgreSQL and the load generator share 2), PostgreSQL over a Unix socket, and a transaction template per drop that fills in the buyer and the mint instead of compiling each time.",
  },
  {
    id: "execute-mint",
    description: "POST /v1/execute-mint, 64 concurrent, PostgreSQL",
    measure: "share-of-noop",
    threshold: 0.15,
    bound:
      "An execute is 3 SQL statements (the session with its gates, the claim, the record), the wallet's signature verified, the server's two signatures made, and the transaction run by the embedded SVM (Token-2022 with metadata and group extensions) on the request's thread; see the profile printed above. In process an execute keeps the JS thread busy 9-11 ms (npm run bench:statements): the embedded chain about 3 ms of it (the SVM's run about 1 ms, reading back each written account to keep the token index about 0.8 ms, decoding the wire bytes), the signature checks and the server's signatures about 1 ms with node:crypto, the NFT mint key 0.04 ms (0.33 ms before, in pure JS), and three statements. What would move it: the chain submit off the request's thread (or a real RPC node instead of the embedded chain), and more cores.",
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
      "Last measured with the transaction build at 1.0 ms (one run, 1,000 buyers for 100 NFTs): prepare p95 5.0 s, the 100 that reserved p50 2.6 s and p95 3.0 s, sold out in 7.5 s in round 1, nothing shed, the attacker's 250 prepares all refused. Before that, measured (npm run bench:rush, RUSH_CPU_PROFILE=1; two instances on 2 cores shared with PostgreSQL, Redis, the localnet and the load generator, and with other work on the machine, so the figures move with it: the 1,000 sign-ins before the rush took 11-28 s): prepare p95 6.4 s on the quietest run, 12.4-13.6 s on busy ones (main: 10.4-17.2 s), the 100 that reserve answered at p50 3.7-7.6 s, nothing shed once prepares wait up to 20 s, sold out in round 1 (main: 878-3,232 shed, and once 5 rounds and 108 s to sell out, the attacker holding 10). No prepare is worked through the database after the drop sells out any more: the database's first SOLD_OUT teaches each instance, which refuses the rest from memory before the admission gate and takes the ones waiting out of its line (lib/services/mint/sold-out-memory.ts); prepares still in line can get an NFT and wait (MAX_PREPARE_QUEUE_WAIT_MS); concurrent prepares share the chain's blockhash and height reads. What is left is the burst itself: 1,250 requests taken in within a second, and the 100 that reserve (4 statements, a balance read from the chain, a transaction built) among them, on cores with nothing left. The first instance's profile over the rush alone: idle 12-17%; node internals 41-44% (writev 7.8-10.7% and writeUtf8String 3.4-4.2%: socket writes of the answers, statements, RPC and Redis calls; async hooks and an AbortSignal per request, makeTransferable 1.1-1.7%); Next.js 10-12%; the app's bundle 9-11%; the garbage collector 5.4-6%; @prisma/client 6-7%; @solana/web3.js 4-5% (base58 encoding 1-1.6%). No frame above 11%: per-request cost spread over the stack. What would move it: more cores or instances (the framework alone costs about 0.7 ms of CPU per request, and 1,250 of them queue on 2 cores shared with the database and the chain), an edge queue that lets in a drop's buyers only while it has supply, and fewer round trips per reservation (the balance read and the gates in one).",
  },
  {
    id: "rush-execute-p95",
    description: "rush: execute-mint p95",
    measure: "p95-ms",
    threshold: 800,
    bound:
      "Last measured with the transaction build at 1.0 ms: execute p95 1.66 s (p50 1.56 s). Before that, measured (same runs as the prepare's): execute p95 1.8-2.0 s on the quieter runs, 3.5-3.8 s on busy ones; 2.7-3.5 s on main. The 100 executes of a round arrive at once, 50 per instance: each verifies the wallet's signature, makes the server's two signatures, sends the transaction to the localnet (preflight and execution of a Token-2022 mint with metadata and group extensions, one process) and reads its status, then records the mint (3 SQL statements), on 2 cores shared with the other instance, PostgreSQL, the chain and the load generator; no execute is shed (executes have room of their own). Sharing the blockhash and height reads between prepares took load off the localnet (1.8 s in the quietest run). The first instance's profile over the rush (printed above; prepares and executes together): idle 12-17%, socket writes (writev) 8-11%, the garbage collector 5-6%, @solana/web3.js 4-5%. What would move it: the chain submit off the request's thread, the localnet on a core of its own (or a real RPC node), and more cores.",
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
      "Measured after the site rows (scripts/serve.mjs, MALLOC_ARENA_MAX=2): 500-510 MB, of which the JS heap 137-146 MB used of 211-214 MB committed (V8 grows it to 1.5x what a full collection left live, and the young generation keeps 32 MB), PGlite's WebAssembly memory 128 MB (it only grows; about 86 MB of it resident), litesvm's state 2 MB, and 145-150 MB of other native memory: the node binary's code (45 MB), malloc's arenas, compiled WebAssembly. What would move it: PGlite's buffer pool 64 -> 32 MB (lib/db/pglite-start.ts; slower cold reads), a smaller young generation (node --max-semi-space-size=8: 16 MB, more scavenges), or PostgreSQL, which takes the database out of the process.",
  },
  {
    id: "memory-postgres",
    description: "site RSS after the bench, PostgreSQL (embedded chain)",
    measure: "rss-mb",
    threshold: 384,
    bound:
      "Measured after the site rows (scripts/serve.mjs, MALLOC_ARENA_MAX=2): 350-360 MB, of which the JS heap 138-143 MB used of 197-201 MB committed (V8 grows it to 1.5x what a full collection left live, and the young generation keeps 32 MB), litesvm's state 2 MB, and 145-155 MB of other native memory: the node binary's code (45 MB), malloc's arenas, compiled WebAssembly. What would move it: a smaller young generation (node --max-semi-space-size=8: 16 MB, more scavenges), fewer Next.js route modules loaded per process, or the chain on an RPC node (SOLANA_RPC_URL) rather than embedded.",
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
