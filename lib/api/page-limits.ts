// Hosted pages and metadata (the drop pages under /d/..., NFT metadata under /m/...) do
// database work for whoever asks, and a flood of random ids would otherwise exhaust the
// database pool with lookups that find nothing. They get what the API has, before any work:
// the client network's place (client-slots.ts), its per-IP request budget (budgets.ts) and
// a place in the instance's admission gate (admission.ts) for as long as the answer takes.
// The production server (scripts/serve.ts) applies this to every such request, so the
// page's HTML, its navigation payload and its share images are covered alike. A successful
// drop page is also cacheable for a few seconds by a CDN (scripts/serve.ts).
import type { Config } from "@/lib/config";
import { clientNetwork } from "@/lib/domain/client-network";
import type { RateLimiter } from "@/lib/rate-limit";
import { admissionGateOf } from "./admission";
import { requestBudget, spendBudgets } from "./budgets";
import { clientSlotsOf } from "./client-slots";

/** The hosted pages this covers: GET or HEAD of a drop page or an NFT's metadata. */
export function isHostedPage(method: string | undefined, url: string | undefined): boolean {
  return (method === "GET" || method === "HEAD") && /^\/(d|m)\/[^/?#]+/.test(url ?? "");
}

/**
 * Admits a hosted-page request from `ip`, or throws RATE_LIMITED / SERVER_BUSY (an
 * AppError, answered with Retry-After); call the returned function once it is answered.
 */
export async function admitHostedPage(
  runtime: { config: Pick<Config, "admission" | "rateLimit" | "claimCodeChecks">; rateLimiter: RateLimiter },
  ip: string,
): Promise<() => void> {
  const release = clientSlotsOf(runtime).take(clientNetwork(ip));
  try {
    await spendBudgets(runtime.rateLimiter, [requestBudget(runtime.config, ip)]);
    const leave = admissionGateOf(runtime).enter("read");
    return () => {
      leave();
      release();
    };
  } catch (error) {
    release();
    throw error;
  }
}
