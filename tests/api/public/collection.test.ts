// First-party drop reads (/api/public): collection/{identifier} (full record or the
// pre-launch envelope of the demo coming-soon drop nightfall), its gallery (mintedOnly)
// and recently-minted, nft/{identifier} with the delayed-reveal rules, and code/validate.
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/db/generated/client";
import { galleryResponseSchema } from "@/lib/schemas/gallery";
import { recentlyMintedResponseSchema } from "@/lib/schemas/minted-items";
import { nftResponseSchema } from "@/lib/schemas/nft";
import { liveCollectionResponseSchema, preLaunchCollectionResponseSchema } from "@/lib/schemas/public-collection";
import { publicCodeCheckResponseSchema } from "@/lib/schemas/code-validate";
import { errorBodySchema } from "../../helpers/error-body";
import { databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../../helpers/test-app";

const site = { origin: TEST_SITE_ORIGIN };
const get = (path: string) => callJson("GET", `/api/public/${path}`, { headers: site });
const expectError = async (path: string, status: number, code: string) => {
  const response = await get(path);
  expect([response.status, errorBodySchema.parse(response.body).code], path).toEqual([status, code]);
};

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`first-party drop reads on ${target.name}`, () => {
    let app: TestApp;
    let prisma: PrismaClient;
    let ipCounter = 0;
    const validate = (body: unknown, ip = `10.9.0.${++ipCounter}`) =>
      callJson("POST", "/api/public/code/validate", { headers: { ...site, "x-forwarded-for": ip }, body });

    beforeAll(async () => {
      app = await startTestApp(target, { env: { CLAIM_CODE_CHECKS_PER_IP_PER_MINUTE: "3" } });
      prisma = app.runtime.database.prisma;
    });
    afterAll(() => app?.close());

    it("collection: a live drop is the full v1 record with status live", async () => {
      const { status, body } = await get("collection/sprites");
      expect(status).toBe(200);
      const parsed = liveCollectionResponseSchema.strict().parse(body);
      expect(parsed.collection).toMatchObject({ shortId: "sprites", name: "Solstice Sprites" });
      expect(parsed.stats).toMatchObject({ totalSupply: 100, mintedCount: 12 });
      expect(parsed.phases.active.map((p) => p.name)).toEqual(["Allowlist"]);
      expect(Math.abs(Date.parse(parsed.serverTime) - Date.now())).toBeLessThan(60_000);
      // UUID and on-chain address name the same drop.
      const byId = await get(`collection/${parsed.collection.id}`);
      expect(byId.body!.collection.shortId).toBe("sprites");
      const byAddress = await get(`collection/${parsed.collection.collectionAddress}`);
      expect(byAddress.body!.collection.shortId).toBe("sprites");
    });

    it("collection: the coming-soon drop answers the pre-launch envelope and nothing unpublished", async () => {
      const { status, body, text } = await get("collection/nightfall");
      expect(status).toBe(200);
      const parsed = preLaunchCollectionResponseSchema.strict().parse(body);
      expect(parsed).toMatchObject({
        success: true,
        status: "coming_soon",
        collection: { shortId: "nightfall", name: "Nightfall" },
      });
      // The clock is published; its digits must not be mistaken for the unpublished supply.
      const withoutClock = text.replace(parsed.serverTime, "");
      for (const secret of [
        "NGHT",
        "night-sky",
        "phases",
        "250",
        "Launch",
        "treasury",
        "collectionAddress",
        "placeholder",
      ])
        expect(withoutClock).not.toContain(secret);
    });

    it("collection: deploying and maintenance are pre-launch states too", async () => {
      for (const launchStatus of ["deploying", "maintenance"] as const) {
        await prisma.collection.update({ where: { shortId: "nightfall" }, data: { launchStatus } });
        expect(preLaunchCollectionResponseSchema.strict().parse((await get("collection/nightfall")).body).status).toBe(
          launchStatus,
        );
      }
      await prisma.collection.update({ where: { shortId: "nightfall" }, data: { launchStatus: "coming_soon" } });
    });

    it("collection: unknown is 404 COLLECTION_NOT_FOUND, malformed is 400", async () => {
      await expectError("collection/no-such-drop", 404, "COLLECTION_NOT_FOUND");
      await expectError("collection/00000000-0000-4000-8000-000000000000", 404, "COLLECTION_NOT_FOUND");
      await expectError(`collection/${encodeURIComponent("🦄🦄")}`, 400, "INVALID_REQUEST");
      await expectError("collection/sprites/gallery?limit=0", 400, "INVALID_REQUEST");
      await expectError("collection/no-such-drop/gallery", 404, "COLLECTION_NOT_FOUND");
      await expectError("collection/no-such-drop/recently-minted", 404, "COLLECTION_NOT_FOUND");
    });

    it("gallery: mintable NFTs by default (limit 100), minted ones with mintedOnly, paginated", async () => {
      const mintable = galleryResponseSchema.strict().parse((await get("collection/sprites/gallery")).body);
      expect(mintable).toMatchObject({ total: 88, limit: 100, offset: 0 });
      expect(mintable.nfts.every((n) => n.mint_status === "available" || n.mint_status === "reserved")).toBe(true);
      const minted = galleryResponseSchema
        .strict()
        .parse((await get("collection/sprites/gallery?mintedOnly=true&limit=5&offset=10")).body);
      expect(minted).toMatchObject({ total: 12, limit: 5, offset: 10 });
      expect(minted.nfts).toHaveLength(2);
      expect(minted.nfts.every((n) => n.mint_status === "minted")).toBe(true);
      await expectError("collection/sprites/gallery?mintedOnly=maybe", 400, "INVALID_REQUEST");
      await expectError("collection/sprites/gallery?limit=201", 400, "INVALID_REQUEST");
    });

    it("gallery and recently-minted of a pre-launch drop are empty", async () => {
      const gallery = galleryResponseSchema.strict().parse((await get("collection/nightfall/gallery")).body);
      expect(gallery).toMatchObject({ nfts: [], total: 0 });
      const recent = recentlyMintedResponseSchema
        .strict()
        .parse((await get("collection/nightfall/recently-minted")).body);
      expect(recent.nfts).toEqual([]);
    });

    it("recently-minted: newest first, limit default 20 and at most 50", async () => {
      const recent = recentlyMintedResponseSchema
        .strict()
        .parse((await get("collection/sprites/recently-minted?limit=3")).body);
      expect(recent.nfts).toHaveLength(3);
      const times = recent.nfts.map((n) => Date.parse(n.mintedAt!));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(
        recentlyMintedResponseSchema.strict().parse((await get("collection/sprites/recently-minted")).body).nfts.length,
      ).toBeLessThanOrEqual(20);
      await expectError("collection/sprites/recently-minted?limit=51", 400, "INVALID_REQUEST");
    });

    it("nft: by mint address, contract:tokenId and token id with ?collection=", async () => {
      const minted = await prisma.nft.findFirstOrThrow({
        where: { collection: { shortId: "sprites" }, status: "minted" },
        include: { collection: true },
      });
      const byMint = nftResponseSchema.strict().parse((await get(`nft/${minted.mintAddress}`)).body);
      expect(byMint.nft).toMatchObject({
        id: minted.id,
        tokenId: minted.tokenId,
        name: minted.name,
        mintStatus: "minted",
        isRevealed: true,
        ownerWallet: minted.ownerWallet,
      });
      expect(byMint.collection.shortId).toBe("sprites");
      const byContract = await get(`nft/${minted.collection.collectionAddress}:${minted.tokenId}`);
      expect(byContract.body!.nft.id).toBe(minted.id);
      expect((await get(`nft/sprites:${minted.tokenId}`)).body!.nft.id).toBe(minted.id);
      expect((await get(`nft/${minted.tokenId}?collection=sprites`)).body!.nft.id).toBe(minted.id);
    });

    it("nft: a bare token id alone finds the one launched drop's NFT that has it; several drops need ?collection=", async () => {
      const sprites = await prisma.collection.findUniqueOrThrow({ where: { shortId: "sprites" } });
      const only = await prisma.nft.create({
        data: { collectionId: sprites.id, tokenId: 777_777, name: "Only One", imageUrl: "/art/only.svg" },
      });
      try {
        const found = nftResponseSchema.strict().parse((await get("nft/777777")).body);
        expect([found.nft.id, found.collection.shortId]).toEqual([only.id, "sprites"]);
        await expectError("nft/888888", 404, "NOT_FOUND");
        // The same token id in a second launched drop: ambiguous without ?collection=.
        const aurora = await prisma.collection.findUniqueOrThrow({ where: { shortId: "aurora" } });
        const twin = await prisma.nft.create({
          data: { collectionId: aurora.id, tokenId: 777_777, name: "Twin", imageUrl: "/art/twin.svg" },
        });
        try {
          await expectError("nft/777777", 400, "INVALID_REQUEST");
          expect((await get("nft/777777?collection=aurora")).body!.nft.id).toBe(twin.id);
        } finally {
          await prisma.nft.delete({ where: { id: twin.id } });
        }
      } finally {
        await prisma.nft.delete({ where: { id: only.id } });
      }
    });

    it("nft: UUIDs and junk are 400; unknown is 404", async () => {
      const minted = await prisma.nft.findFirstOrThrow({ where: { status: "minted" } });
      await expectError(`nft/${minted.id}`, 400, "INVALID_REQUEST");
      await expectError("nft/sprites:abc", 400, "INVALID_REQUEST");
      await expectError("nft/sprites:99999999999", 400, "INVALID_REQUEST");
      await expectError(`nft/${encodeURIComponent("not an nft")}`, 400, "INVALID_REQUEST");
      await expectError("nft/sprites:100000", 404, "NOT_FOUND");
      await expectError("nft/no-such-drop:1", 404, "COLLECTION_NOT_FOUND");
      await expectError("nft/11111111111111111111111111111111", 404, "NOT_FOUND");
    });

    it("nft: delayed reveal shows the placeholder; a pre-launch drop's NFT is not found", async () => {
      const nightfall = await prisma.collection.findUniqueOrThrow({ where: { shortId: "nightfall" } });
      await prisma.nft.create({
        data: {
          collectionId: nightfall.id,
          tokenId: 9001,
          name: "Secret Star",
          imageUrl: "/art/secret.svg",
          attributes: [{ trait_type: "Sky", value: "red" }],
        },
      });
      await expectError("nft/nightfall:9001", 404, "NOT_FOUND");
      await prisma.collection.update({ where: { id: nightfall.id }, data: { launchStatus: "live" } });
      try {
        const { body, text } = await get("nft/nightfall:9001");
        const parsed = nftResponseSchema.strict().parse(body);
        expect(parsed.nft).toMatchObject({
          isRevealed: false,
          name: "Nightfall (unrevealed)",
          attributes: [],
          mintStatus: "available",
        });
        expect(parsed.nft.image).toBe(`${TEST_SITE_ORIGIN}/art/nightfall/placeholder.svg`);
        expect(text).not.toContain("Secret Star");
        expect(text).not.toContain("secret.svg");
        await prisma.collection.update({
          where: { id: nightfall.id },
          data: { revealedAt: new Date(Date.now() - 1000) },
        });
        expect(nftResponseSchema.parse((await get("nft/nightfall:9001")).body).nft).toMatchObject({
          isRevealed: true,
          name: "Secret Star",
        });
      } finally {
        await prisma.collection.update({
          where: { id: nightfall.id },
          data: { launchStatus: "coming_soon", revealedAt: null },
        });
      }
    });

    it("code/validate: {valid, error?} with no success member; never consumes the code", async () => {
      const before = await prisma.claimCode.findFirstOrThrow({ where: { code: "SPRITE-FREE" } });
      const ok = await validate({ collection: "sprites", code: "  sprite-free " });
      expect(ok.status).toBe(200);
      expect(ok.body).not.toHaveProperty("success");
      expect(publicCodeCheckResponseSchema.strict().parse(ok.body)).toMatchObject({
        valid: true,
        grantType: "free_mint",
        mintAllocation: 1,
      });
      expect((await prisma.claimCode.findFirstOrThrow({ where: { id: before.id } })).usesCount).toBe(before.usesCount);

      const unknown = publicCodeCheckResponseSchema
        .strict()
        .parse((await validate({ collectionId: "sprites", code: "NOPE-NOPE" })).body);
      expect(unknown).toEqual({ valid: false, error: "This code is not valid for this drop." });
      await prisma.claimCode.update({ where: { id: before.id }, data: { disabled: true } });
      const disabled = publicCodeCheckResponseSchema
        .strict()
        .parse((await validate({ collection: "sprites", code: "SPRITE-FREE" })).body);
      expect(disabled).toMatchObject({ valid: false, reason: "disabled", error: expect.any(String) });
      await prisma.claimCode.update({ where: { id: before.id }, data: { disabled: false } });
      // Another drop's code is simply not valid there.
      expect((await validate({ collection: "aurora", code: "SPRITE-FREE" })).body).toMatchObject({ valid: false });
    });

    it("code/validate: the partner validate's format limits, and 404/400 for the drop", async () => {
      for (const body of [
        { collection: "sprites", code: "abc" },
        { collection: "sprites", code: "x".repeat(1025) },
        { collection: "sprites" },
        { code: "SPRITE-FREE" },
        { collection: "sprites", code: 12345 },
      ]) {
        const { status, body: error } = await validate(body);
        expect([status, errorBodySchema.parse(error).code], JSON.stringify(body).slice(0, 60)).toEqual([
          400,
          "INVALID_REQUEST",
        ]);
      }
      const { status, body } = await validate({ collection: "no-such-drop", code: "SPRITE-FREE" });
      expect([status, errorBodySchema.parse(body).code]).toEqual([404, "COLLECTION_NOT_FOUND"]);
    });

    it("code/validate: the same per-IP anti-guessing budget as the partner validate (429 with Retry-After)", async () => {
      const ip = "10.99.0.1";
      for (let i = 0; i < 3; i++)
        expect((await validate({ collection: "sprites", code: `GUESS-${i}` }, ip)).status).toBe(200);
      const refused = await validate({ collection: "sprites", code: "GUESS-9" }, ip);
      expect([refused.status, errorBodySchema.parse(refused.body).code]).toEqual([429, "RATE_LIMITED"]);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
}
