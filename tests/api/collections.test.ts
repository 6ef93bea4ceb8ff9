// GET /api/v1 and GET /api/v1/collections/{identifier} against the seeded demo drops, on
// PGlite and (when reachable) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { rootResponseSchema } from "@/lib/schemas/root";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`collections API on ${target.name}`, () => {
    let app: TestApp;
    let liveKey: string;
    const asSite = { origin: TEST_SITE_ORIGIN };

    beforeAll(async () => {
      app = await startTestApp(target);
      liveKey = await app.createKey({ keyClass: "live", collections: "all" });
    });
    afterAll(() => app?.close());

    it("GET / answers the version banner with any key, and links the OpenAPI document from docs", async () => {
      const { status, body } = await callJson("GET", "/api/v1", { headers: { "x-api-key": liveKey } });
      expect(status).toBe(200);
      expect(rootResponseSchema.parse(body)).toEqual({
        success: true,
        version: "1.0.0",
        stability: "stable",
        docs: `${TEST_SITE_ORIGIN}/api/v1/openapi.json`,
        reference: `${TEST_SITE_ORIGIN}/docs`,
      });
      const document = await callJson("GET", new URL(body!.docs).pathname);
      expect([document.status, document.body?.openapi]).toEqual([200, "3.1.0"]);
    });

    it("reads the generative drop by short ID with phases on the server clock", async () => {
      const before = Date.now();
      const { status, body } = await callJson("GET", "/api/v1/collections/sprites", {
        headers: { "x-api-key": liveKey },
      });
      expect(status).toBe(200);
      const parsed = collectionResponseSchema.strict().parse(body);
      const serverTime = Date.parse(parsed.serverTime);
      expect(serverTime).toBeGreaterThanOrEqual(before - 1);

      expect(parsed.collection).toMatchObject({
        shortId: "sprites",
        name: "Solstice Sprites",
        chain: "solana-localnet",
        isVerified: true,
      });
      expect(parsed.collection.image).toBe(`${TEST_SITE_ORIGIN}/art/sprites/cover.svg`);
      expect(parsed.stats).toEqual({
        totalSupply: 100,
        mintedCount: 12,
        availableCount: 88,
        percentMinted: 12,
        isOpenEnded: false,
      });

      expect(parsed.phases.all.map((p) => [p.name, p.status])).toEqual([
        ["OG", "ended"],
        ["Allowlist", "active"],
        ["Public", "upcoming"],
      ]);
      expect(parsed.phases.active.map((p) => p.name)).toEqual(["Allowlist"]);
      expect(parsed.phases.upcoming.map((p) => p.name)).toEqual(["Public"]);

      const [og, allowlist, publicPhase] = parsed.phases.all;
      expect(og).toMatchObject({ msUntilStart: null, msUntilEnd: null });
      expect(allowlist).toMatchObject({
        isGated: true,
        maxPerWallet: 3,
        bogo: { buy: 2, get: 1 },
        priceDisplay: { kind: "amount", amount: 0.1, currency: "SOL", isFree: false },
      });
      // msUntilStart is derived from the server clock: start − serverTime, exactly.
      expect(publicPhase!.msUntilStart).toBe(Date.parse(publicPhase!.startDate!) - serverTime);
      expect(publicPhase!.endDate).toBeNull();
      expect(allowlist!.msUntilEnd).toBe(Date.parse(allowlist!.endDate!) - serverTime);
      // The v1 phase carries no raw price.
      for (const phase of parsed.phases.all) expect(phase).not.toHaveProperty("price");
      expect(parsed.capabilities).toEqual({
        requiresFeatures: ["claim_codes"],
        supportedBySurface: true,
        mintUrl: null,
      });
    });

    it("resolves the same drop by UUID and by on-chain address, case kept", async () => {
      const byShortId = (await callJson("GET", "/api/v1/collections/sprites", { headers: asSite })).body!;
      const { id, collectionAddress } = byShortId.collection;
      expect(collectionAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      const byUuid = await callJson("GET", `/api/v1/collections/${id}`, { headers: asSite });
      const byAddress = await callJson("GET", `/api/v1/collections/${collectionAddress}`, { headers: asSite });
      expect(byUuid.body!.collection).toEqual(byShortId.collection);
      expect(byAddress.body!.collection.collectionAddress).toBe(collectionAddress);
      // On Solana the drop's contract address is its collection mint.
      expect(byAddress.body!.collection.contractAddress).toBe(collectionAddress);
      // A changed case is another address: not found.
      const swapped = collectionAddress.replace(/[a-z]/, (c: string) => c.toUpperCase());
      if (swapped !== collectionAddress) {
        expect((await callJson("GET", `/api/v1/collections/${swapped}`, { headers: asSite })).status).toBe(404);
      }
    });

    it("shows each price kind by the spec's rules", async () => {
      // With a key: nightfall has not launched, and keyless callers see only its teaser (tests/api/pre-launch.test.ts).
      const price = async (shortId: string) =>
        (await callJson("GET", `/api/v1/collections/${shortId}`, { headers: { "x-api-key": liveKey } })).body!.phases
          .all[0].priceDisplay;
      expect(await price("aurora")).toEqual({ kind: "amount", amount: 0, currency: "SOL", isFree: true });
      expect(await price("packs")).toEqual({ kind: "hidden" });
      expect(await price("nightfall")).toEqual({ kind: "range", min: 0.2, max: 0.5, currency: "SOL" });
    });

    it("offers the hosted mint page for a drop the core flow does not support", async () => {
      const { body } = await callJson("GET", "/api/v1/collections/packs", { headers: asSite });
      expect(body!.capabilities).toEqual({
        requiresFeatures: ["nft_selection", "claim_codes"],
        supportedBySurface: false,
        mintUrl: "https://packs.dropmint.example/mint/packs",
      });
    });

    it("counts limited-edition copies, not the master", async () => {
      const { body } = await callJson("GET", "/api/v1/collections/aurora", { headers: asSite });
      expect(body!.stats).toMatchObject({ totalSupply: 50, mintedCount: 4, availableCount: 46, percentMinted: 8 });
    });

    it("answers 404 COLLECTION_NOT_FOUND for an unknown identifier when every drop is in view", async () => {
      for (const identifier of [
        "no-such-drop",
        "00000000-0000-4000-8000-000000000000",
        "So11111111111111111111111111111111111111112",
      ]) {
        const { status, body } = await callJson("GET", `/api/v1/collections/${identifier}`, {
          headers: { "x-api-key": liveKey },
        });
        expect(status).toBe(404);
        expect(errorBodySchema.parse(body).code).toBe("COLLECTION_NOT_FOUND");
      }
    });

    it("answers an unknown v1 path with the 404 envelope", async () => {
      const { status, body } = await callJson("GET", "/api/v1/nothing/here", { headers: asSite });
      expect(status).toBe(404);
      expect(errorBodySchema.parse(body).code).toBe("NOT_FOUND");
    });
  });
}
