// Claim codes: GET /claim-codes (config), GET /claim-codes/benefits/{wallet} and POST
// /claim-codes/validate, on the seeded demo drops plus fixtures made here (redemptions are
// written only when a mint lands, so the demo has none). PGlite and PostgreSQL.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/db/generated/client";
import { installRuntime } from "@/lib/server/runtime";
import {
  claimCodeBenefitsResponseSchema,
  claimCodeCheckResponseSchema,
  claimCodeConfigResponseSchema,
} from "@/lib/schemas/claim-codes";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets, type TestDatabase } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";

const wallet = () => Keypair.generate().publicKey.toBase58();
const ZERO_BENEFITS = {
  freeMints: 0,
  discountPercent: 0,
  discountFixed: 0,
  discountRemaining: 0,
  packTierId: null,
  source: null,
};

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`claim codes API on ${target.name}`, () => {
    let app: TestApp;
    let prisma: PrismaClient;
    let keys: { all: string; sprites: string; aurora: string };
    let drops: Record<"sprites" | "aurora" | "packs" | "nightfall", string>;
    let spritesPhases: Record<string, string>;
    let auroraPhaseId: string;
    const wallets = { none: wallet(), free: wallet(), discount: wallet(), pack: wallet(), spent: wallet() };
    let ipCounter = 0;
    const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

    const get = (path: string, key = keys.all) =>
      callJson("GET", `/api/v1/collections/${path}`, { headers: { "x-api-key": key } });
    const validate = (drop: string, code: unknown, options: { key?: string; ip?: string } = {}) =>
      callJson("POST", `/api/v1/collections/${drop}/claim-codes/validate`, {
        headers: { "x-api-key": options.key ?? keys.all, "x-forwarded-for": options.ip ?? freshIp() },
        body: { code },
      });

    beforeAll(async () => {
      app = await startTestApp(target, {
        env: { CLAIM_CODE_CHECKS_PER_IP_PER_MINUTE: "5", CLAIM_CODE_CHECKS_PER_DROP_PER_MINUTE: "60" },
      });
      prisma = app.runtime.database.prisma;
      keys = {
        all: await app.createKey({ keyClass: "live", collections: "all" }),
        sprites: await app.createKey({ keyClass: "live", collections: ["sprites"] }),
        aurora: await app.createKey({ keyClass: "live", collections: ["aurora"] }),
      };
      const collections = await prisma.collection.findMany({ select: { id: true, shortId: true } });
      drops = Object.fromEntries(collections.map((c) => [c.shortId, c.id])) as typeof drops;
      const phases = await prisma.phase.findMany({
        where: { collectionId: drops.sprites },
        select: { id: true, name: true },
      });
      spritesPhases = Object.fromEntries(phases.map((p) => [p.name, p.id]));
      auroraPhaseId = (await prisma.phase.findFirstOrThrow({ where: { collectionId: drops.aurora } })).id;

      // Codes that are not valid now, on sprites.
      const closed = await prisma.claimCodeBatch.create({
        data: { collectionId: drops.sprites, name: "Closed", grantType: "free_mint", mintAllocation: 1 },
      });
      await prisma.claimCode.createMany({
        data: [
          { batchId: closed.id, collectionId: drops.sprites, code: "SPRITE-OFF", disabled: true },
          { batchId: closed.id, collectionId: drops.sprites, code: "SPRITE-DONE", maxUses: 1, usesCount: 1 },
        ],
      });
      const old = await prisma.claimCodeBatch.create({
        data: {
          collectionId: drops.sprites,
          name: "Old",
          grantType: "discount",
          discountPercent: 10,
          discountUses: 1,
          expiresAt: new Date(Date.now() - 60_000),
        },
      });
      await prisma.claimCode.create({ data: { batchId: old.id, collectionId: drops.sprites, code: "SPRITE-OLD" } });
      // Another drop's code (aurora), a pack code (packs), and nightfall's expired or disabled-only batches.
      const auroraBatch = await prisma.claimCodeBatch.create({
        data: { collectionId: drops.aurora, name: "Aurora list", grantType: "whitelist", mintAllocation: 1 },
      });
      await prisma.claimCode.create({
        data: { batchId: auroraBatch.id, collectionId: drops.aurora, code: "AURORA-ONLY" },
      });
      const gold = await prisma.claimCodeBatch.create({
        data: {
          collectionId: drops.packs,
          name: "Gold packs",
          grantType: "pack",
          mintAllocation: 1,
          packTierId: "gold",
        },
      });
      const goldCode = await prisma.claimCode.create({
        data: { batchId: gold.id, collectionId: drops.packs, code: "PACK-GOLD", maxUses: 10, usesCount: 3 },
      });
      const expired = await prisma.claimCodeBatch.create({
        data: {
          collectionId: drops.nightfall,
          grantType: "discount",
          discountPercent: 5,
          expiresAt: new Date(Date.now() - 1000),
        },
      });
      await prisma.claimCode.create({
        data: { batchId: expired.id, collectionId: drops.nightfall, code: "NIGHT-OLD" },
      });
      const off = await prisma.claimCodeBatch.create({
        data: { collectionId: drops.nightfall, grantType: "pack", packTierId: "silver" },
      });
      await prisma.claimCode.create({
        data: { batchId: off.id, collectionId: drops.nightfall, code: "NIGHT-OFF", disabled: true },
      });

      // Redemptions, as the mint flow writes them when a mint lands.
      const code = (value: string) =>
        prisma.claimCode.findFirstOrThrow({
          where: { collectionId: drops.sprites, code: value },
          select: { id: true, batchId: true },
        });
      const redeem = async (
        walletAddress: string,
        c: { id: string; batchId: string },
        allocation: number,
        used: number,
        createdAt: Date,
        collectionId = drops.sprites,
      ) =>
        prisma.claimCodeRedemption.create({
          data: { codeId: c.id, batchId: c.batchId, collectionId, walletAddress, allocation, used, createdAt },
        });
      const t = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      await redeem(wallets.free, await code("SPRITE-FREE"), 2, 1, t(30));
      await redeem(wallets.discount, await code("SPRITE-TENTH"), 1, 0, t(20));
      await redeem(wallets.discount, await code("SPRITE-HALF"), 2, 0, t(10));
      await redeem(wallets.spent, await code("SPRITE-GIFT"), 1, 1, t(10));
      await redeem(wallets.spent, await code("SPRITE-OLD"), 1, 0, t(5)); // its batch expired: no benefit any more
      await redeem(wallets.pack, { id: goldCode.id, batchId: gold.id }, 1, 0, t(5), drops.packs);
    });
    afterAll(() => app?.close());

    describe("GET /claim-codes", () => {
      it("says which kinds of codes each drop offers now", async () => {
        const config = async (drop: string) => {
          const { status, body } = await get(`${drop}/claim-codes`);
          expect(status).toBe(200);
          return claimCodeConfigResponseSchema.strict().parse(body);
        };
        expect(await config("sprites")).toEqual({
          hasClaimCodes: true,
          hasDiscountCodes: true,
          hasWhitelistCodes: true,
          hasPackCodes: false,
        });
        expect(await config("aurora")).toEqual({
          hasClaimCodes: true,
          hasDiscountCodes: false,
          hasWhitelistCodes: true,
          hasPackCodes: false,
        });
        expect(await config("packs")).toEqual({
          hasClaimCodes: true,
          hasDiscountCodes: false,
          hasWhitelistCodes: false,
          hasPackCodes: true,
        });
        // Only an expired batch and a batch whose codes are all disabled: nothing on offer.
        expect(await config("nightfall")).toEqual({
          hasClaimCodes: false,
          hasDiscountCodes: false,
          hasWhitelistCodes: false,
          hasPackCodes: false,
        });
      });

      it("accepts the drop's UUID and address too, and refuses other drops and unknown ones", async () => {
        expect((await get(`${drops.sprites}/claim-codes`, keys.sprites)).body).toMatchObject({ hasClaimCodes: true });
        const foreign = await get("sprites/claim-codes", keys.aurora);
        const missing = await get("no-such-drop/claim-codes", keys.aurora);
        expect([foreign.status, errorBodySchema.parse(foreign.body).code]).toEqual([403, "COLLECTION_NOT_IN_SCOPE"]);
        expect(missing.text).toBe(foreign.text);
        const unknown = await get("no-such-drop/claim-codes");
        expect([unknown.status, unknown.body!.code]).toEqual([404, "COLLECTION_NOT_FOUND"]);
      });
    });

    describe("GET /claim-codes/benefits/{walletAddress}", () => {
      const benefits = async (drop: string, walletAddress: string, query = "", key = keys.all) => {
        const { status, body } = await get(`${drop}/claim-codes/benefits/${walletAddress}${query}`, key);
        expect(status).toBe(200);
        return claimCodeBenefitsResponseSchema.strict().parse(body);
      };

      it("is all zero with a null source for a wallet that redeemed nothing", async () => {
        expect(await benefits("sprites", wallets.none)).toEqual({ success: true, ...ZERO_BENEFITS });
      });

      it("counts the free mints left", async () => {
        const batchId = (
          await prisma.claimCodeBatch.findFirstOrThrow({
            where: { collectionId: drops.sprites, name: "Free mint codes" },
          })
        ).id;
        expect(await benefits("sprites", wallets.free)).toEqual({
          success: true,
          freeMints: 1,
          discountPercent: 0,
          discountFixed: 0,
          discountRemaining: 0,
          packTierId: null,
          source: {
            type: "free_mint",
            batchName: "Free mint codes",
            allocation: 2,
            used: 1,
            batchId,
            packTierId: null,
          },
        });
      });

      it("reports the oldest discount with uses left, the fixed amount in SOL", async () => {
        const body = await benefits("sprites", wallets.discount);
        expect(body).toMatchObject({
          success: true,
          freeMints: 0,
          discountPercent: 0,
          discountFixed: 0.01,
          discountRemaining: 1,
          packTierId: null,
        });
        expect(body.source).toMatchObject({
          type: "discount",
          batchName: "Tenth off",
          fixed: 0.01,
          allocation: 1,
          used: 0,
          remaining: 1,
        });
        expect(body.source).not.toHaveProperty("percent");
      });

      it("reports a used-up redemption with zero benefits, and ignores an expired batch", async () => {
        const body = await benefits("sprites", wallets.spent);
        expect(body).toMatchObject({
          success: true,
          freeMints: 0,
          discountPercent: 0,
          discountFixed: 0,
          discountRemaining: 0,
        });
        expect(body.source).toMatchObject({ type: "free_mint", batchName: "Free mint codes", allocation: 1, used: 1 });
      });

      it("filters by phase and pack tier (query parameters)", async () => {
        // The sprite batches are for the Allowlist phase.
        expect((await benefits("sprites", wallets.free, `?phaseId=${spritesPhases.Allowlist}`)).freeMints).toBe(1);
        expect(
          (await benefits("sprites", wallets.free, `?phaseId=${spritesPhases.Public!.toUpperCase()}&blockchain=solana`))
            .freeMints,
        ).toBe(0);
        const gold = await benefits("packs", wallets.pack, "?packTierId=gold&blockchain=solana-localnet");
        expect(gold).toMatchObject({
          freeMints: 1,
          packTierId: "gold",
          source: { type: "free_mint", batchName: "Gold packs", packTierId: "gold" },
        });
        expect(await benefits("packs", wallets.pack, "?packTierId=silver")).toEqual({
          success: true,
          ...ZERO_BENEFITS,
        });
      });

      it("answers the edges with stable codes", async () => {
        const cases: Array<[string, string, number, string]> = [
          ["sprites", `${wallets.free}`, 403, "COLLECTION_NOT_IN_SCOPE"],
          ["no-such-drop", wallets.free, 404, "COLLECTION_NOT_FOUND"],
          ["sprites", "not-a-wallet", 400, "INVALID_REQUEST"],
          ["sprites", `${wallets.free.slice(0, -1)}0`, 400, "INVALID_REQUEST"],
          ["sprites", `${wallets.free}?phaseId=nope`, 400, "INVALID_REQUEST"],
          ["sprites", `${wallets.free}?phaseId=00000000-0000-4000-8000-000000000000`, 404, "PHASE_NOT_FOUND"],
          ["sprites", `${wallets.free}?phaseId=${auroraPhaseId}`, 404, "PHASE_NOT_FOUND"],
          // Issue 24: `blockchain` is an enum of Solana names in the document; another is refused as input.
          ["sprites", `${wallets.free}?blockchain=ethereum`, 400, "INVALID_REQUEST"],
          ["sprites", `${wallets.free}?blockchain=Solana`, 400, "INVALID_REQUEST"],
          ["sprites", `${wallets.free}?packTierId=${"x".repeat(129)}`, 400, "INVALID_REQUEST"],
        ];
        for (const [drop, rest, status, code] of cases) {
          const response = await get(`${drop}/claim-codes/benefits/${rest}`, status === 403 ? keys.aurora : keys.all);
          expect([drop, rest.slice(-12), response.status, errorBodySchema.parse(response.body).code]).toEqual([
            drop,
            rest.slice(-12),
            status,
            code,
          ]);
        }
      });
    });

    describe("POST /claim-codes/validate", () => {
      const check = async (drop: string, code: unknown) => {
        const { status, body } = await validate(drop, code);
        expect(status).toBe(200);
        return claimCodeCheckResponseSchema.strict().parse(body);
      };

      it("trims and upper-cases the code and describes its grant, with no success member", async () => {
        const allowlist = spritesPhases.Allowlist;
        expect(await check("sprites", "  sprite-free \n")).toEqual({
          valid: true,
          grantType: "free_mint",
          mintAllocation: 1,
          discountPercentage: null,
          discountFixed: null,
          usesRemaining: 25,
          phaseId: allowlist,
        });
        expect(await check("sprites", "Sprite-Tenth")).toEqual({
          valid: true,
          grantType: "discount",
          mintAllocation: null,
          discountPercentage: null,
          discountFixed: 0.01,
          usesRemaining: 100,
          phaseId: allowlist,
        });
        expect(await check("sprites", "SPRITE-HALF")).toMatchObject({
          valid: true,
          grantType: "discount",
          discountPercentage: 50,
        });
        expect(await check("sprites", "sprite-partner")).toMatchObject({
          grantType: "external",
          externalUrl: "https://partner.dropmint.example/perk",
        });
        expect(await check("sprites", "SPRITE-REDEEM")).toMatchObject({
          grantType: "nft_redemption",
          mintAllocation: 1,
        });
        expect(await check("sprites", "SPRITE-LIST")).toMatchObject({ grantType: "whitelist", mintAllocation: 2 });
        expect(await check("packs", "pack-gold")).toEqual({
          valid: true,
          grantType: "free_mint",
          mintAllocation: 1,
          discountPercentage: null,
          discountFixed: null,
          usesRemaining: 7,
          phaseId: null,
          packTierId: "gold",
        });
      });

      it("answers valid: false with a reason for this drop's disabled, expired and used-up codes", async () => {
        expect(await check("sprites", "sprite-off")).toEqual({ valid: false, reason: "disabled" });
        expect(await check("sprites", "sprite-old")).toEqual({ valid: false, reason: "expired" });
        expect(await check("sprites", "sprite-done")).toEqual({ valid: false, reason: "used_up" });
      });

      it("answers another drop's code exactly like an unknown one, through the same queries", async () => {
        const queries: string[] = [];
        const counting = prisma.$extends({
          query: {
            async $allOperations({ model, operation, args, query }) {
              queries.push(
                JSON.stringify({ model, operation, args })
                  .replaceAll("AURORA-ONLY", "<code>")
                  .replaceAll("NOPE-NOPE-N", "<code>"),
              );
              return query(args);
            },
          },
        }) as unknown as PrismaClient;
        installRuntime({ ...app.runtime, database: { ...app.runtime.database, prisma: counting } });
        try {
          const ip = freshIp();
          await validate("sprites", "warm-up", { ip }); // the key lookup is cached per client: warm it
          const run = async (code: string) => {
            queries.length = 0;
            const response = await validate("sprites", code, { ip: freshIp() });
            return {
              status: response.status,
              text: response.text,
              // Every header but the request's own random id (X-Request-Id, which says nothing of the code).
              headers: [...response.headers].filter(([name]) => name !== "x-request-id"),
              queries: [...queries],
            };
          };
          const otherDrops = await run("aurora-only");
          const unknown = await run("nope-nope-n");
          expect(otherDrops.text).toBe('{"valid":false}');
          expect(otherDrops).toEqual(unknown);
          // Besides the scope lookup (cached for a few seconds since the warm-up: collection-ref.ts), the one (collectionId, code) lookup.
          const lookups = unknown.queries.filter((q) => JSON.parse(q).model !== "Collection");
          expect(lookups).toHaveLength(1);
          expect(JSON.parse(lookups[0]!)).toEqual({
            model: "ClaimCode",
            operation: "findUnique",
            args: expect.objectContaining({
              where: { collectionId_code: { collectionId: drops.sprites, code: "<code>" } },
            }),
          });
        } finally {
          installRuntime(app.runtime);
        }
        // The code is valid on its own drop.
        expect(await check("aurora", "aurora-only")).toMatchObject({ valid: true, grantType: "whitelist" });
      });

      // Issue 24: characters are code points, as JSON Schema's minLength and maxLength count them.
      it("checks the length (4 to 1024 code points after trimming) before any lookup", async () => {
        const bad = [
          "abc",
          "   abc   ",
          "x".repeat(1025),
          ` ${"x".repeat(1025)} `,
          "😀".repeat(1025),
          "😀😀😀",
          "",
          "   ",
        ];
        for (const code of bad) {
          const { status, body } = await validate("sprites", code);
          expect([code.length, status, errorBodySchema.parse(body).code]).toEqual([
            code.length,
            400,
            "INVALID_REQUEST",
          ]);
        }
        // 1024 code points (2048 UTF-16 units) and 4 emoji are well-formed codes: unknown here.
        for (const code of ["😀".repeat(1024), `  ${"x".repeat(1024)}  `, "😀😀😀😀", "abcd"])
          expect(await check("sprites", code)).toEqual({ valid: false });
        // Control characters are refused with the format (PostgreSQL cannot even store a NUL).
        const nul = await validate("sprites", "AB\u0000CD");
        expect([nul.status, errorBodySchema.parse(nul.body).code]).toEqual([400, "INVALID_REQUEST"]);
        // A code that cannot be stored cannot exist.
        expect(await check("sprites", "AB\uD800CD")).toEqual({ valid: false });
      });

      it("answers malformed bodies and out-of-scope drops with stable codes", async () => {
        const post = (drop: string, init: { body?: unknown; rawBody?: string; key?: string; contentType?: string }) =>
          callJson("POST", `/api/v1/collections/${drop}/claim-codes/validate`, {
            headers: {
              "x-api-key": init.key ?? keys.all,
              "x-forwarded-for": freshIp(),
              ...(init.contentType ? { "content-type": init.contentType } : {}),
            },
            ...(init.body !== undefined ? { body: init.body } : {}),
            ...(init.rawBody !== undefined ? { rawBody: init.rawBody } : {}),
          });
        const cases: Array<[Awaited<ReturnType<typeof post>>, number, string]> = [
          [await post("sprites", { body: {} }), 400, "INVALID_REQUEST"],
          [await post("sprites", { body: { code: 12345 } }), 400, "INVALID_REQUEST"],
          [await post("sprites", { body: ["SPRITE-FREE"] }), 400, "INVALID_REQUEST"],
          [await post("sprites", { rawBody: "{code:", contentType: "application/json" }), 400, "INVALID_JSON"],
          [
            await post("sprites", { rawBody: "code=SPRITE-FREE", contentType: "application/x-www-form-urlencoded" }),
            415,
            "UNSUPPORTED_MEDIA_TYPE",
          ],
          [await post("sprites", { body: { code: "SPRITE-FREE" }, key: keys.aurora }), 403, "COLLECTION_NOT_IN_SCOPE"],
          [
            await post("no-such-drop", { body: { code: "SPRITE-FREE" }, key: keys.aurora }),
            403,
            "COLLECTION_NOT_IN_SCOPE",
          ],
          [await post("no-such-drop", { body: { code: "SPRITE-FREE" } }), 404, "COLLECTION_NOT_FOUND"],
        ];
        for (const [response, status, code] of cases)
          expect([response.status, errorBodySchema.parse(response.body).code]).toEqual([status, code]);
        const get = await callJson("GET", "/api/v1/collections/sprites/claim-codes/validate", {
          headers: { "x-api-key": keys.all },
        });
        expect([get.status, get.body!.code]).toEqual([405, "METHOD_NOT_ALLOWED"]);
      });

      it("is read-only: no use is counted and nothing is redeemed", async () => {
        const state = async () => ({
          codes: await prisma.claimCode.findMany({ orderBy: { id: "asc" } }),
          redemptions: await prisma.claimCodeRedemption.findMany({ orderBy: { id: "asc" } }),
          sessions: await prisma.mintSession.count(),
        });
        const before = await state();
        for (const code of ["SPRITE-FREE", "sprite-free", "SPRITE-HALF", "SPRITE-DONE", "SPRITE-OFF", "AURORA-ONLY"]) {
          expect((await validate("sprites", code)).status).toBe(200);
        }
        expect(await state()).toEqual(before);
      });

      it("limits checks per IP, with Retry-After", async () => {
        const ip = freshIp();
        for (let i = 0; i < 5; i++) expect((await validate("aurora", `guess-${i}`, { ip })).status).toBe(200);
        const refused = await validate("aurora", "guess-5", { ip });
        expect(refused.status).toBe(429);
        const body = errorBodySchema.parse(refused.body);
        expect(body.code).toBe("RATE_LIMITED");
        expect(body.retryAfter).toBeGreaterThanOrEqual(1);
        expect(body.retryAfter).toBeLessThanOrEqual(60);
        expect(refused.headers.get("retry-after")).toBe(String(body.retryAfter));
        // Another address still gets answers.
        expect((await validate("aurora", "guess-6")).status).toBe(200);
      });

      it("limits a key's checks per drop, whatever the address", async () => {
        for (let i = 0; i < 60; i++) expect((await validate("nightfall", `guess-${i}`)).status).toBe(200);
        const refused = await validate("nightfall", "guess-60");
        expect([refused.status, refused.body!.code]).toEqual([429, "RATE_LIMITED"]);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect((await validate("sprites", "guess-61")).status).toBe(200); // other drops are unaffected
      });
    });
  });

  // Its own app: the test closes the database under it.
  describe.skipIf(!target.available)(`claim-code benefits on ${target.name} when the database fails`, () => {
    let app: TestApp;
    let key: string;
    beforeAll(async () => {
      app = await startTestApp(target);
      key = await app.createKey({ keyClass: "live", collections: ["sprites"] });
    });
    afterAll(() => app?.close());

    it("answers success: false with zeros (200) when the benefits lookup fails", async () => {
      const path = `/api/v1/collections/sprites/claim-codes/benefits/${wallet()}`;
      const get = () => callJson("GET", path, { headers: { "x-api-key": key } });
      expect((await get()).body).toMatchObject({ success: true, ...ZERO_BENEFITS }); // also caches the key
      await (app.runtime.database as TestDatabase).dispose();
      const { status, body } = await get();
      expect(status).toBe(200);
      expect(claimCodeBenefitsResponseSchema.strict().parse(body)).toEqual({ success: false, ...ZERO_BENEFITS });
    });
  });
}
