// `npm run bench:statements`: what one prepare and one execute cost the database and the
// CPU, without HTTP or a load generator in the way. In process, one at a time, on PGlite
// and on PostgreSQL (when reachable): the SQL statements each sends (BEGIN and COMMIT
// included: each is a round trip), the mean wall time of each and the main thread's busy
// time in it (the event loop's utilization: the CPU the site's one JS thread spends, waits
// for the database excluded), over BENCH_STATEMENT_MINTS mints (200) by as many funded
// wallets, after a warm-up. The statement counts are exact; the times are only comparable
// within one run on one machine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { FIRST_PARTY } from "../lib/auth/context";
import { openEmbeddedChain } from "../lib/chain";
import { parseConfig } from "../lib/config";
import { assembleRuntime } from "../lib/server/create-runtime";
import { serviceContextOf } from "../lib/server/runtime";
import { findCollectionRef } from "../lib/services/collection-ref";
import { executeMint } from "../lib/services/mint/execute";
import { prepareMint } from "../lib/services/mint/prepare";
import { databaseTargets, openTestDatabase, type DatabaseTarget } from "../tests/helpers/databases";
import { oneNftInput, signPrepared } from "../tests/api/mint/fixtures";
import { installStatementCounter } from "../tests/helpers/statement-counter";
import { createBenchDrop, fundedWallets } from "./site";

const MINTS = Number(process.env.BENCH_STATEMENT_MINTS ?? 200);
const WARM_UP = 20;
/** Issue 27's goals for the common path (BEGIN and COMMIT count: each is a round trip). */
const GOALS = { prepare: 4, execute: 3 } as const;

const counter = installStatementCounter();

async function measure(target: DatabaseTarget) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-statements-"));
  const database = await openTestDatabase(target);
  const config = parseConfig({ DATA_DIR: dataDir, PUBLIC_URL: "http://127.0.0.1:3000", LOG_LEVEL: "silent" });
  const chain = await openEmbeddedChain({ dir: path.join(dataDir, "chain"), cluster: "localnet" });
  const runtime = assembleRuntime(config, database, chain);
  try {
    const ctx = serviceContextOf(runtime);
    const drop = await createBenchDrop(runtime, {
      shortId: "statements",
      price: 10_000_000n,
      supply: (MINTS + WARM_UP) * 2,
    });
    const wallets = await fundedWallets(runtime, MINTS + WARM_UP, 1_000_000_000n);
    const ref = (await findCollectionRef(runtime.database.prisma, drop.shortId))!;
    const totals = {
      prepare: { statements: 0, ms: 0, busyMs: 0, each: [] as number[] },
      execute: { statements: 0, ms: 0, busyMs: 0, each: [] as number[] },
    };
    for (const [i, wallet] of wallets.entries()) {
      const counted = i >= WARM_UP;
      counter.printing = process.env.BENCH_PRINT_SQL === "1" && i === WARM_UP;
      let before = counter.count;
      let started = performance.now();
      let loop = performance.eventLoopUtilization();
      const prepared = await prepareMint(ctx, ref, oneNftInput(drop, wallet));
      if (counted) {
        totals.prepare.statements += counter.count - before;
        totals.prepare.each.push(counter.count - before);
        totals.prepare.ms += performance.now() - started;
        totals.prepare.busyMs += performance.eventLoopUtilization(loop).active;
      }
      const signedTransaction = signPrepared(prepared.transactions[0]!.transaction, wallet);
      before = counter.count;
      started = performance.now();
      loop = performance.eventLoopUtilization();
      await executeMint(ctx, FIRST_PARTY, { sessionId: prepared.sessions[0]!.sessionId, signedTransaction });
      if (counted) {
        totals.execute.statements += counter.count - before;
        totals.execute.each.push(counter.count - before);
        totals.execute.ms += performance.now() - started;
        totals.execute.busyMs += performance.eventLoopUtilization(loop).active;
      }
    }
    type Totals = (typeof totals)["prepare"];
    const line = (name: keyof typeof GOALS, t: Totals) => {
      const mean = t.statements / MINTS;
      // The goal is the common path's: the median mint (the mean carries prepare's occasional sweep of dead sessions).
      const median = [...t.each].sort((a, b) => a - b)[Math.floor(t.each.length / 2)]!;
      const mark = median <= GOALS[name] ? "✓" : "✗";
      return `  ${name.padEnd(8)} ${mean.toFixed(1).padStart(5)} statements (median ${median}, goal ≤ ${GOALS[name]} ${mark})   ${(t.ms / MINTS).toFixed(2).padStart(6)} ms mean, main thread busy ${(t.busyMs / MINTS).toFixed(2)} ms`;
    };
    console.log(`${target.name}: ${MINTS} mints, one at a time`);
    console.log(line("prepare", totals.prepare));
    console.log(line("execute", totals.execute));
  } finally {
    await chain.close();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// BENCH_DATABASE=pglite|postgres: one of them only (for a profile of one).
for (const target of databaseTargets.filter(
  (t) => !process.env.BENCH_DATABASE || t.name === process.env.BENCH_DATABASE,
)) {
  if (target.available) await measure(target);
  else console.log(`${target.name} skipped: ${target.reason}`);
}
process.exit(0);
