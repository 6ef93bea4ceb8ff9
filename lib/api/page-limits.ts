// Hosted pages and metadata (the drop pages under /d/..., collectors' pages under /w/...,
// NFT metadata under /m/...) do
// database work for whoever asks, and a flood of random ids would otherwise exhaust the
// database pool with lookups that find nothing. They get what the API has, before any work:
// the client network's place (client-slots.ts), its per-IP request budget (budgets.ts) and
// a place in the instance's admission gate (admission.ts) for as long as the answer takes.
// The production server (scripts/serve.ts) applies this to every such request, so the
// page's HTML, its navigation payload and its share images are covered alike. A successful
// drop or collector's page is also cacheable for a few seconds by a CDN (isCdnCacheablePage).
import type { Config } from "@/lib/config";
import { clientNetwork } from "@/lib/domain/client-network";
import type { RateLimiter } from "@/lib/rate-limit";
import { admissionGateOf } from "./admission";
import { requestBudget, spendBudgets } from "./budgets";
import { clientSlotsOf } from "./client-slots";

/** The hosted pages this covers: GET or HEAD of a drop page, a collector's page or an NFT's metadata. */
export function isHostedPage(method: string | undefined, url: string | undefined): boolean {
  return (method === "GET" || method === "HEAD") && /^\/(d|m|w)\/[^/?#]+/.test(url ?? "");
}

/**
 * A drop page or a collector's page (their HTML, navigation payload and share images) is the
 * same for every visitor: nothing on them depends on a cookie or a wallet (a collector's own
 * controls are fetched by the browser after load), and live figures are re-read by the page
 * itself. So a CDN may keep one a few seconds and serve it a little longer while it fetches
 * a new copy, which absorbs a rush of reloads. Only successful answers get this policy.
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";

/**
 * GET or HEAD of /d/{identifier} or /w/{address}, or of anything under them (share images).
 * Not a collector's page's navigation data (a request with Next's `RSC` header): the owner's
 * edits re-read it at once, and browsers honour stale-while-revalidate, so a kept copy would
 * show the page as it was before the edit.
 */
export function isCdnCacheablePage(
  method: string | undefined,
  url: string | undefined,
  isNavigationData = false,
): boolean {
  const match = /^\/(d|w)\/[^/?#]+(\/[^?#]*)?(\?|#|$)/.exec(url ?? "");
  if (!match || (method !== "GET" && method !== "HEAD")) return false;
  return !(match[1] === "w" && isNavigationData);
}

/** The route template a hosted page's request is counted under. */
export function hostedPageRoute(path: string): string {
  if (path.startsWith("/d/")) return "/d/[identifier]";
  if (path.startsWith("/w/")) return "/w/[address]";
  return "/m/[identifier]/[ref]";
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
    const leave = await admissionGateOf(runtime).admit("read");
    return () => {
      leave();
      release();
    };
  } catch (error) {
    release();
    throw error;
  }
}
