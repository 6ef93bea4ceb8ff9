// GET /metrics — the Prometheus scrape, off unless METRICS_TOKEN is set (lib/api/metrics-endpoint.ts).
import { serveMetrics } from "@/lib/api/metrics-endpoint";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return serveMetrics(request);
}
