// How long, and for whom, a successful read may be kept. A mint opening is exactly when
// thousands of collectors reload the same drop: a CDN in front of the site may answer the
// first-party reads for a moment, while keyed partner reads and wallet answers stay private.
//
// - The site's own public reads (/api/public, GET): shared caches keep them S_MAXAGE seconds
//   and may serve them STALE seconds longer while they fetch a fresh copy. They vary by the
//   headers that decide the answer: Origin and Sec-Fetch-Site (first-party recognition and
//   CORS) and X-API-Key (any key is refused there).
// - Partner reads (/api/v1, GET): private; a browser may keep one but must revalidate.
// - Every GET answer carries a weak ETag of its body; a matching If-None-Match gets 304.
// - Errors and everything else: no-store (the envelope's default).
import { createHash } from "node:crypto";
import { jsonResponse } from "./envelope";
import type { Access } from "./route";

export const PUBLIC_READ_S_MAXAGE = 2;
export const PUBLIC_READ_STALE_WHILE_REVALIDATE = 30;

export type CachePolicy = { cacheControl: string; vary: string };

const POLICIES: Record<Access, CachePolicy | null> = {
  site: {
    cacheControl: `public, max-age=0, s-maxage=${PUBLIC_READ_S_MAXAGE}, stale-while-revalidate=${PUBLIC_READ_STALE_WHILE_REVALIDATE}`,
    vary: "Origin, Sec-Fetch-Site, X-API-Key",
  },
  v1: { cacheControl: "private, no-cache", vary: "Origin, X-API-Key" },
  open: null,
};

export function cachePolicyOf(access: Access): CachePolicy | null {
  return POLICIES[access];
}

/** A successful answer's JSON text; its ETag is computed once, on first use. */
export type AnswerBody = { text: string; etag?: string };

/** A successful answer: for a GET with a policy, with that policy and an ETag, or 304 when the caller already holds that body. */
export function withCachePolicy(request: Request, body: AnswerBody, policy: CachePolicy | null): Response {
  if (!policy || (request.method !== "GET" && request.method !== "HEAD")) return jsonResponse(body.text);
  body.etag ??= `W/"${createHash("sha1").update(body.text).digest("base64url")}"`;
  const headers = new Headers({ "Cache-Control": policy.cacheControl, Vary: policy.vary, ETag: body.etag });
  if (matches(request.headers.get("if-none-match"), body.etag)) return new Response(null, { status: 304, headers });
  return jsonResponse(body.text, { headers });
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}
