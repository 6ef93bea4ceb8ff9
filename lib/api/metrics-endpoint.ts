// GET /metrics: the Prometheus text format (lib/metrics.ts), for an operator's scraper only.
// Off unless METRICS_TOKEN is set (then the path answers like any unknown page); with it, a
// scrape must send `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time.
// The figures that are states, not events, are read now: the admission gate, the read
// caches' counters and the backlogs.
import { createHash, timingSafeEqual } from "node:crypto";
import { createLogger, createSummary } from "@/lib/log";
import { metrics, setCounter } from "@/lib/metrics";
import { getRuntime, type Runtime } from "@/lib/server/runtime";
import { countBacklogs } from "@/lib/services/operations";
import { admissionGateOf } from "./admission";

const log = createLogger("metrics");
const backlogsUnread = createSummary(log, "metrics: the backlogs could not be read (the gauges keep their last value)");

export async function serveMetrics(request: Request): Promise<Response> {
  const runtime = await getRuntime();
  const token = runtime.config.metricsToken;
  if (!token) return new Response("Not found.\n", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return new Response("A bearer token is required.\n", {
      status: 401,
      headers: { "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" },
    });
  }
  await sampleRuntime(runtime);
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
}

/** Hashing first makes both sides the same length, so the comparison leaks neither length nor content. */
function bearerMatches(header: string | null, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
  if (!given) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(token));
}

async function sampleRuntime(runtime: Runtime): Promise<void> {
  const m = metrics();
  const occupancy = admissionGateOf(runtime).occupancy();
  for (const [kind, count] of Object.entries(occupancy)) m.admissionInProgress.set({ kind }, count);
  for (const [kind, count] of Object.entries(admissionGateOf(runtime).queued())) m.admissionQueued.set({ kind }, count);
  const { requests, mints } = runtime.config.admission;
  m.admissionLimit.set({ kind: "read" }, requests);
  m.admissionLimit.set({ kind: "prepare" }, mints);
  m.admissionLimit.set({ kind: "execute" }, mints);
  for (const [cache, keyed] of Object.entries(runtime.caches)) {
    const stats = keyed.stats();
    setCounter(m.cacheHits, { cache }, stats.hits);
    setCounter(m.cacheLoads, { cache }, stats.loads);
    setCounter(m.cacheInvalidations, { cache }, stats.invalidations);
  }
  try {
    const backlogs = await countBacklogs(runtime.database.prisma);
    m.reconcilerBacklog.set(backlogs.reconciler);
    m.payoutBacklog.set(backlogs.payouts);
  } catch (error) {
    backlogsUnread(error);
  }
}
