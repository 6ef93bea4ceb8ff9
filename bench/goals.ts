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
  /** How much slower the measure gets at scale, in % of its value at the small size. */
  "growth-percent": { unit: "% growth", must: "at-most" },
  /** NFTs minted beyond or short of the drop's supply, plus NFTs minted twice. */
  "mint-count-error": { unit: "NFTs off", must: "at-most" },
} as const;

export type Measure = keyof typeof MEASURES;
/** `strict`: the threshold itself fails (growth "under 10 %"). */
export type Goal = { id: string; description: string; measure: Measure; threshold: number; strict?: boolean };

export const GOALS = [
  // Reads a buyer's page and a partner's integration make while a drop is selling (npm run bench, PGlite and PostgreSQL).
  { id: "read-collection", description: "GET /v1/collections/sprites (partner key)", measure: "share-of-noop", threshold: 0.6 },
  { id: "read-availability", description: "GET /v1/collections/sprites/availability", measure: "share-of-noop", threshold: 0.6 },
  { id: "read-eligibility", description: "GET /v1/collections/sprites/eligibility/{phase}/{wallet}", measure: "share-of-noop", threshold: 0.6 },
  { id: "read-wallet-mints", description: "GET /v1/collections/sprites/wallet-mints/{wallet}", measure: "share-of-noop", threshold: 0.6 },
  { id: "read-gallery", description: "GET /v1/collections/sprites/gallery, page 1", measure: "share-of-noop", threshold: 0.6 },
  { id: "read-all-minted", description: "GET /v1/collections/sprites/all-minted, page 1", measure: "share-of-noop", threshold: 0.6 },
  { id: "read-public-collection", description: "GET /public/collection/sprites (the site's own page, Origin = site)", measure: "share-of-noop", threshold: 0.6 },
  // Search box: 16 concurrent visitors over 5,000 drops, for each kind of query (bench/search.ts).
  { id: "search-p95", description: "GET /public/collections/search, 16 concurrent, 5,000 drops", measure: "p95-ms", threshold: 20 },
  // The mint itself, 64 concurrent buyers with distinct funded wallets on a drop that does not sell out (PostgreSQL).
  { id: "prepare-mint", description: "POST /v1/prepare-mint, 64 concurrent, PostgreSQL", measure: "share-of-noop", threshold: 0.25 },
  { id: "execute-mint", description: "POST /v1/execute-mint, 64 concurrent, PostgreSQL", measure: "share-of-noop", threshold: 0.15 },
  // What a buyer's phone downloads before the mint button works.
  { id: "drop-page-js", description: "/d/[identifier] first-load JS above an empty page", measure: "gzip-kb-above-empty", threshold: 25 },
  // Chain cost of a mint must not grow with the drop (bench/chain-cost.ts: 100 vs 10,000 minted).
  { id: "chain-cost", description: "mint chain cost at 10,000 minted vs 100 (p50 and p95)", measure: "growth-percent", threshold: 20 },
  // npm run bench:rush: two instances, one PostgreSQL, Redis, one chain; 1,000 buyers for the last 100 NFTs.
  { id: "rush-prepare-p95", description: "rush: prepare-mint p95", measure: "p95-ms", threshold: 300 },
  { id: "rush-execute-p95", description: "rush: execute-mint p95", measure: "p95-ms", threshold: 1000 },
  { id: "rush-exact-supply", description: "rush: exactly the drop's supply minted, no NFT twice", measure: "mint-count-error", threshold: 0 },
  // npm run bench:soak: mixed reads for SOAK_MINUTES against one instance.
  { id: "soak-rss", description: "soak: site RSS growth after the warm-up minute", measure: "growth-percent", threshold: 10, strict: true },
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
  for (const g of GOALS) if (!ids || ids.includes(g.id)) console.log(`  ${g.id.padEnd(24)} ${target(g.id).padEnd(34)} ${g.description}`);
}
