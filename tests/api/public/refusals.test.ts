// Who may call the first-party router (/api/public): the site's own pages only. Every route
// file under app/api/public is walked, so a new endpoint is covered without editing this
// test: a partner key of each class (publishable with the site's own origin on it, secret,
// sandbox) and an invalid key are refused with 403 PARTNER_KEY_NOT_ALLOWED; no key from
// elsewhere is 401 API_KEY_REQUIRED; the site's origin (or a same-origin fetch) is served.
// The refusals touch no database, so PGlite alone is enough.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../helpers/error-body";
import { databaseTarget } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../../helpers/test-app";

const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../../app/api/public");

function routeFiles(dir = PUBLIC_DIR): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? routeFiles(full) : entry === "route.ts" ? [full] : [];
  });
}

/** A concrete request for each route file: its path with sample parameters, and its method. */
function sampleRequests(): Array<{ method: string; url: string; body?: unknown }> {
  return routeFiles()
    .map((file) => path.relative(PUBLIC_DIR, path.dirname(file)).split(path.sep).filter(Boolean))
    .filter((segments) => !segments.some((s) => s.startsWith("[...")))
    .map((segments) => {
      const isNft = segments[0] === "nft";
      const url = `/api/public/${segments.map((s) => (s === "[identifier]" ? (isNft ? "sprites:1" : "sprites") : s)).join("/")}`;
      if (url.endsWith("/code/validate"))
        return { method: "POST", url, body: { collection: "sprites", code: "SPRITE-FREE" } };
      // The wallet sign-in (issue 21): its POSTs with bodies that pass validation.
      const wallet = "BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs";
      if (url.endsWith("/wallet-session/nonce")) return { method: "POST", url, body: {} };
      if (url.endsWith("/wallet-session/sign-out")) return { method: "POST", url, body: { address: wallet } };
      if (url.endsWith("/wallet-session/sign-in"))
        return { method: "POST", url, body: { address: wallet, message: "not signed", signature: "1".repeat(88) } };
      // The profile edits and reactions (issue 25): bodies that pass validation, from a wallet not signed in.
      if (url.endsWith("/profile/display-name"))
        return { method: "POST", url, body: { address: wallet, displayName: "Moth" } };
      if (url.endsWith("/profile/avatar")) return { method: "POST", url, body: { address: wallet, mintAddress: null } };
      if (url.endsWith("/reactions"))
        return {
          method: "POST",
          url,
          body: { address: wallet, nftId: crypto.randomUUID(), reaction: "🔥", active: true },
        };
      if (url.endsWith("/profiles/[address]")) return { method: "GET", url: url.replace("[address]", wallet) };
      return { method: "GET", url: url.endsWith("/collections/search") ? `${url}?q=sprites` : url };
    });
}

/** What the site's own pages get for a sample request: the service's answer, past the router's checks. */
function servedStatus(request: { method: string; url: string }): number {
  if (request.url.endsWith("/sign-in")) return 400;
  const needsWalletProof = ["/profile/display-name", "/profile/avatar", "/reactions"];
  return needsWalletProof.some((suffix) => request.url.endsWith(suffix)) ? 401 : 200;
}

describe("first-party router refusals", () => {
  let app: TestApp;
  let keys: Record<string, string>;
  let ip = 0;
  const requests = sampleRequests();
  const call = (request: (typeof requests)[number], headers: Record<string, string>) =>
    callJson(request.method, request.url, {
      headers: { "x-forwarded-for": `10.8.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`, ...headers },
      body: request.body,
    });

  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"));
    keys = {
      "publishable (site origin registered)": await app.createKey({
        keyClass: "pub",
        collections: "all",
        origins: [TEST_SITE_ORIGIN],
      }),
      "secret (live)": await app.createKey({ keyClass: "live", collections: "all" }),
      "sandbox (test)": await app.createKey({ keyClass: "test", collections: ["sprites"] }),
      invalid: "dm_live_1111111111111111111111111111111111111111111",
      junk: "not-a-key",
      empty: "",
    };
  });
  afterAll(() => app?.close());

  it("covers every endpoint of the spec's first-party table, and its OpenAPI document", () => {
    expect(requests.map((r) => r.url.split("?")[0]).sort()).toEqual(
      [
        "platform-capabilities",
        "token-prices",
        "featured",
        "live-mints",
        "trending",
        "upcoming-mints",
        "recent-soldouts",
        "collections",
        "collections/search",
        "collection/sprites",
        "collection/sprites/gallery",
        "collection/sprites/recently-minted",
        "nft/sprites:1",
        "code/validate",
        "openapi.json",
        "wallet-session",
        "wallet-session/nonce",
        "wallet-session/sign-in",
        "wallet-session/sign-out",
        "profile/display-name",
        "profile/avatar",
        "reactions",
        "profiles/BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs",
      ]
        .map((p) => `/api/public/${p}`)
        .sort(),
    );
  });

  it("refuses a partner key of every class, and invalid keys, on every path with 403 PARTNER_KEY_NOT_ALLOWED", async () => {
    for (const request of requests) {
      for (const [label, key] of Object.entries(keys)) {
        // Sent from the site's own origin: the key alone is what gets it refused.
        const { status, body } = await call(request, { origin: TEST_SITE_ORIGIN, "x-api-key": key });
        expect([status, errorBodySchema.parse(body).code], `${request.method} ${request.url} with ${label}`).toEqual([
          403,
          "PARTNER_KEY_NOT_ALLOWED",
        ]);
      }
    }
  });

  it("answers 401 API_KEY_REQUIRED without a key from anywhere but the site", async () => {
    for (const request of requests) {
      for (const headers of [
        {},
        { origin: "https://elsewhere.example" },
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
      ] as Record<string, string>[]) {
        const { status, body } = await call(request, headers);
        expect([status, errorBodySchema.parse(body).code], `${request.url} ${JSON.stringify(headers)}`).toEqual([
          401,
          "API_KEY_REQUIRED",
        ]);
      }
    }
  });

  it("serves the site's own origin and same-origin fetches", async () => {
    for (const request of requests) {
      // The sample sign-in carries no valid signature, and the profile edits and reactions come from a
      // wallet not signed in: the service's own refusal shows the site got through.
      const served = servedStatus(request);
      const fromOrigin = await call(request, { origin: TEST_SITE_ORIGIN });
      expect(fromOrigin.status, `${request.url} ${fromOrigin.text.slice(0, 200)}`).toBe(served);
      expect(fromOrigin.headers.get("access-control-allow-origin")).toBe(TEST_SITE_ORIGIN);
      const sameOrigin = await call(request, { "sec-fetch-site": "same-origin" });
      expect(sameOrigin.status, request.url).toBe(served);
      // A 401 here is the wallet's missing proof, never the router's key refusal.
      if (served === 401) {
        for (const answer of [fromOrigin, sameOrigin])
          expect(errorBodySchema.parse(answer.body).code, request.url).toBe("WALLET_PROOF_REQUIRED");
      }
    }
  });

  it("every route file answers every method and preflights; wrong methods and unknown paths get envelopes", async () => {
    const files = routeFiles();
    expect(files.length).toBe(24); // 22 endpoints + the OpenAPI document + the catch-all
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        expect(source, `${path.relative(process.cwd(), file)} exports ${method}`).toMatch(
          new RegExp(`(export const ${method}\\b|as ${method}\\b)`),
        );
      }
    }
    const site = { origin: TEST_SITE_ORIGIN };
    for (const [method, url] of [
      ["DELETE", "/api/public/featured"],
      ["GET", "/api/public/code/validate"],
      ["POST", "/api/public/collection/sprites"],
    ] as const) {
      const { status, body } = await callJson(method, url, {
        headers: site,
        ...(method === "GET" ? {} : { body: {} }),
      });
      expect([status, errorBodySchema.parse(body).code], `${method} ${url}`).toEqual([405, "METHOD_NOT_ALLOWED"]);
    }
    const unknown = await callJson("GET", "/api/public/no/such/thing", { headers: site });
    expect([unknown.status, errorBodySchema.parse(unknown.body).code]).toEqual([404, "NOT_FOUND"]);
    expect((await callJson("OPTIONS", "/api/public/featured")).status).toBe(204);
  });
});
