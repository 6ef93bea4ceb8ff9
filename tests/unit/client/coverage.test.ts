// The typed client covers the whole v1 interface: every method a route file under
// app/api/v1 serves has a client call, which sends exactly that method to that path (against
// a real loopback server). And the one client-wide timeout overrides both per-call defaults.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DropmintClient } from "@/lib/client/api-client";
import { hang, json, rejection, scriptedClients, steps } from "./scripted-server";

const clientFor = scriptedClients();
const V1_DIR = path.join(process.cwd(), "app/api/v1");

/** "METHOD /api/v1/…[param]…" for every method a v1 route file serves (not the 405 re-exports). */
function servedRoutes(dir = V1_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return servedRoutes(full);
    if (entry.name !== "route.ts") return [];
    const route =
      "/api/v1" +
      path
        .relative(V1_DIR, path.dirname(full))
        .split(path.sep)
        .map((s) => (s ? `/${s}` : ""))
        .join("");
    const methods = [...readFileSync(full, "utf8").matchAll(/^export const (GET|POST|PUT|PATCH|DELETE) = /gm)].map(
      (m) => m[1]!,
    );
    return methods.map((method) => `${method} ${route}`);
  });
}

const W = "Wallet1";
const P = "phase-1";
/** Each served route and the client call that reaches it. */
const CALLS: Record<string, (client: DropmintClient) => Promise<unknown>> = {
  "GET /api/v1": (c) => c.getRoot(),
  "GET /api/v1/openapi.json": (c) => c.getOpenApiDocument(),
  "GET /api/v1/token-prices": (c) => c.getTokenPrices(),
  "GET /api/v1/phases/[phaseId]/dutch-price": (c) => c.getDutchPrice(P),
  "GET /api/v1/phases/[phaseId]/pegged-price": (c) => c.getPeggedPrice(P),
  "GET /api/v1/collections/[identifier]": (c) => c.getCollection("sprites"),
  "GET /api/v1/collections/[identifier]/availability": (c) => c.getAvailability("sprites"),
  "GET /api/v1/collections/[identifier]/eligibility/[phaseId]/[walletAddress]": (c) =>
    c.getEligibility("sprites", P, W),
  "GET /api/v1/collections/[identifier]/wallet-mints/[walletAddress]": (c) => c.getWalletMints("sprites", W),
  "GET /api/v1/collections/[identifier]/gallery": (c) => c.getGallery("sprites"),
  "GET /api/v1/collections/[identifier]/recently-minted": (c) => c.getRecentlyMinted("sprites"),
  "GET /api/v1/collections/[identifier]/all-minted": (c) => c.getAllMinted("sprites"),
  "GET /api/v1/collections/[identifier]/traits": (c) => c.getTraits("sprites"),
  "GET /api/v1/collections/[identifier]/top-holders": (c) => c.getTopHolders("sprites"),
  "GET /api/v1/collections/[identifier]/top-minters": (c) => c.getTopMinters("sprites"),
  "GET /api/v1/collections/[identifier]/bounty": (c) => c.getBountySummary("sprites"),
  "GET /api/v1/collections/[identifier]/bounty-prizes": (c) => c.getBountyPrizes("sprites"),
  "GET /api/v1/collections/[identifier]/claim-codes": (c) => c.getClaimCodeConfig("sprites"),
  "POST /api/v1/collections/[identifier]/claim-codes/validate": (c) => c.validateClaimCode("sprites", "CODE-1"),
  "GET /api/v1/collections/[identifier]/claim-codes/benefits/[walletAddress]": (c) =>
    c.getClaimCodeBenefits("sprites", W, { phaseId: P, blockchain: "solana", packTierId: "gold" }),
  "POST /api/v1/prepare-mint": (c) =>
    c.prepareMint({ collectionId: "sprites", phaseId: P, walletAddress: W, quantity: 1, affiliate_code: "FRIENDS" }),
  "POST /api/v1/execute-mint": (c) => c.executeMint({ sessionId: "s", signedTransaction: "t" }),
  "POST /api/v1/execute-mint/batch": (c) => c.executeMintBatch([{ sessionId: "s", signedTransaction: "t" }]),
};

const asPattern = (route: string) => new RegExp("^" + route.replace(/\[[^\]]+\]/g, "[^/?]+") + "(\\?.*)?$");

describe("the typed client's coverage of v1", () => {
  it("has a call for every method every v1 route file serves, and no call for a route that does not exist", () => {
    expect(servedRoutes().sort()).toEqual(Object.keys(CALLS).sort());
  });

  for (const [route, call] of Object.entries(CALLS)) {
    it(`reaches ${route}`, async () => {
      const { client, server } = await clientFor(steps((response) => json(response, 200, { success: true })));
      await call(client);
      const [method, pattern] = route.split(" ") as [string, string];
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.method).toBe(method);
      expect(server.requests[0]!.url).toMatch(asPattern(pattern));
    });
  }

  it("sends affiliate_code and the benefits query as the spec names them", async () => {
    const { client, server } = await clientFor(steps((response) => json(response, 200, { success: true })));
    await CALLS["POST /api/v1/prepare-mint"]!(client);
    await CALLS["GET /api/v1/collections/[identifier]/claim-codes/benefits/[walletAddress]"]!(client);
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ affiliate_code: "FRIENDS" });
    expect(server.requests[1]!.url).toBe(
      `/api/v1/collections/sprites/claim-codes/benefits/${W}?phaseId=${P}&blockchain=solana&packTierId=gold`,
    );
  });
});

describe("the client-wide timeout", () => {
  it("overrides the read default: a hung read times out after it, not after 30 s", async () => {
    const { client } = await clientFor(steps(hang), { timeoutMs: 100, readAttempts: 1 });
    const started = performance.now();
    expect((await rejection(client.getCollection("sprites"))).code).toBe("TIMEOUT");
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("overrides the execute default and a per-call setting: a hung execute ends as OUTCOME_UNKNOWN with TIMEOUT inside", async () => {
    const { client } = await clientFor(steps(hang), { timeoutMs: 100, executeTimeoutMs: 60_000 });
    const started = performance.now();
    const error = await rejection(client.executeMint({ sessionId: "s", signedTransaction: "t" }));
    expect(error.code).toBe("OUTCOME_UNKNOWN");
    expect(error.details.body).toMatchObject({ code: "TIMEOUT" });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
