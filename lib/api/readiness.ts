// GET /api/health/ready: whether this instance can do its work now. /api/health stays the
// liveness probe (the process answers); this one asks the parts, each within a deadline:
// the database answers, its migrations are not behind this build's, and the chain answers.
// 503 with the reasons while any is not so, 200 otherwise. A load balancer takes a
// not-ready instance out of rotation without restarting it.
import { pendingMigrations } from "@/lib/db/migrator";
import { createLogger, createSummary } from "@/lib/log";
import { readinessResponseSchema, type ReadinessResponse } from "@/lib/schemas/health";
import { getRuntime, type Runtime } from "@/lib/server/runtime";
import { admissionGateOf } from "./admission";
import { bareText, jsonResponse } from "./envelope";

const log = createLogger("health");
const unreachable = {
  database: createSummary(log, "readiness: the database did not answer"),
  chain: createSummary(log, "readiness: the chain did not answer"),
};

/** Each check answers within this, or counts as unreachable. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

type Check = { ok: true } | { ok: false; reason: string };

export async function serveReadiness(): Promise<Response> {
  const answer = await readinessOf(await getRuntime());
  const body = readinessResponseSchema.parse(answer);
  return jsonResponse(bareText(body), { status: body.ready ? 200 : 503 });
}

export async function readinessOf(runtime: Runtime): Promise<ReadinessResponse> {
  const [migrations, chain] = await Promise.all([
    check("database", () => migrationsBehind(runtime)),
    check("chain", async () => void (await runtime.chain.getBlockHeight())),
  ]);
  // The migrations' query is the database's check too: it fails when the database is away.
  const databaseDown = !migrations.ok && !migrations.reason.startsWith("migrations behind");
  const checks = {
    database: databaseDown ? "failed" : "ok",
    migrations: migrations.ok ? "ok" : "failed",
    chain: chain.ok ? "ok" : "failed",
  } as const;
  const reasons = [migrations, chain].flatMap((result) => (result.ok ? [] : [result.reason]));
  // Draining (SIGTERM): the parts answer, but the balancer should send nothing new here.
  if (admissionGateOf(runtime).isDraining) reasons.push("shutting down");
  return { ready: reasons.length === 0, checks, reasons };
}

async function migrationsBehind(runtime: Runtime): Promise<void> {
  const pending = await pendingMigrations(runtime.database.runner);
  if (pending.length > 0) throw new Behind(`migrations behind: ${pending.length} not applied (${pending.join(", ")})`);
}

class Behind extends Error {}

/** Runs one check within the deadline; a failure becomes its reason ("database unreachable"). */
async function check(part: "database" | "chain", run: () => Promise<void>): Promise<Check> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)),
      READINESS_CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([run(), deadline]);
    return { ok: true };
  } catch (error) {
    if (error instanceof Behind) return { ok: false, reason: error.message };
    // The cause goes to the log only: the probe is public, and a driver's message names internal hosts.
    unreachable[part](error);
    return { ok: false, reason: `${part} unreachable` };
  } finally {
    clearTimeout(timer);
  }
}
