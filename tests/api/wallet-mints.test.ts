// GET /api/v1/collections/{collectionId}/wallet-mints/{walletAddress} against the seeded
// sprites drop, on PGlite and (when reachable) PostgreSQL. Demo data: every collector is on
// the allowlist of OG (max 2 per wallet) and Allowlist (max 3) with 3 spots; Mira minted
// 2 in OG and 2 + 1 BOGO bonus in Allowlist and has an override of 6 there; tidepool holds
// two Aurora editions (gate ×2); Orin holds 250 GLOW (gate: 100 GLOW, ×1).
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletMintsResponseSchema, type WalletMintsResponse } from "@/lib/schemas/wallet-mints";
import { databaseTargets } from "../helpers/databases";
import { errorBodySchema } from "../helpers/error-body";
import { malformedWallets } from "../helpers/malformed-wallets";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`wallet-mints API on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let spritesId: string;
    let phases: Record<"og" | "allowlist" | "public" | "unlimited", string>;
    let wallets: Record<"mira" | "tidepool" | "orin" | "unnamed", string>;
    let glowMint: string;
    let auroraAddress: string;

    const ask = (wallet: string, identifier = "sprites", apiKey = key) =>
      callJson("GET", `/api/v1/collections/${identifier}/wallet-mints/${wallet}`, { headers: { "x-api-key": apiKey } });

    /** A 200 parsed strictly, which never names any wallet but the one asked about. */
    const counts = async (wallet: string, identifier?: string): Promise<WalletMintsResponse> => {
      const { status, body, text } = await ask(wallet, identifier);
      expect(status, text).toBe(200);
      for (const other of Object.values(wallets).filter((w) => w !== wallet)) expect(text).not.toContain(other);
      return walletMintsResponseSchema.strict().parse(body);
    };

    beforeAll(async () => {
      app = await startTestApp(target);
      key = await app.createKey({ keyClass: "live", collections: ["sprites"] });
      const prisma = app.runtime.database.prisma;
      const sprites = await prisma.collection.findUniqueOrThrow({
        where: { shortId: "sprites" },
        include: { phases: { include: { allowlist: true, gateRules: true } } },
      });
      spritesId = sprites.id;
      const byName = (name: string) => sprites.phases.find((p) => p.name === name)!;
      // A fourth phase with no per-wallet limit (0 in the database), sold as packs.
      const unlimited = await prisma.phase.create({
        data: { collectionId: spritesId, name: "Packs forever", sortOrder: 3, maxPerWallet: 0, isPackPhase: true },
      });
      phases = {
        og: byName("OG").id,
        allowlist: byName("Allowlist").id,
        public: byName("Public").id,
        unlimited: unlimited.id,
      };
      const rules = byName("Allowlist").gateRules;
      glowMint = rules.find((r) => r.kind === "token_gate")!.tokenMint!;
      auroraAddress = rules.find((r) => r.kind === "nft_gate")!.collections[0]!;
      const collectors = byName("Allowlist").allowlist.map((e) => e.walletAddress);
      const profiles = await prisma.profile.findMany({ where: { walletAddress: { in: collectors } } });
      const named = (displayName: string | null) => profiles.find((p) => p.displayName === displayName)!.walletAddress;
      wallets = {
        mira: named("Mira"),
        tidepool: named("tidepool"),
        orin: named("Orin of Ember"),
        unnamed: named(null),
      };
    });
    afterAll(() => app?.close());

    it("counts the override wallet's phases, the BOGO bonus included", async () => {
      const body = await counts(wallets.mira);
      expect(body).toMatchObject({
        success: true,
        walletAddress: wallets.mira,
        collectionId: spritesId,
        totalMinted: 5,
      });
      expect(Object.keys(body.phaseMints).sort()).toEqual(Object.values(phases).sort());
      expect(body.phaseMints[phases.og]).toEqual({
        phaseName: "OG",
        minted: 2,
        maxPerWallet: 2,
        whitelistAllocation: 3,
        nftGateAllocation: null,
        tokenGateAllocation: null,
        allocationDetails: [{ type: "whitelist", allocation: 3 }],
        hasAllocationOverride: false,
        // The allowlist's 3 are capped by the phase's 2.
        remaining: 0,
        canMintMore: false,
        isPackPhase: false,
      });
      expect(body.phaseMints[phases.allowlist]).toEqual({
        phaseName: "Allowlist",
        minted: 3,
        maxPerWallet: 3,
        whitelistAllocation: 3,
        nftGateAllocation: 2,
        tokenGateAllocation: 0,
        allocationDetails: [
          { type: "whitelist", allocation: 3 },
          { type: "nft_gate", ruleName: "Aurora holders", multiplier: 2, collections: [auroraAddress] },
        ],
        hasAllocationOverride: true,
        // The override (6) replaces the cap: 6 − 3 minted.
        remaining: 3,
        canMintMore: true,
        isPackPhase: false,
      });
      const bonus = await app.runtime.database.prisma.mint.count({
        where: { phaseId: phases.allowlist, walletAddress: wallets.mira, kind: "bogo_bonus" },
      });
      expect(bonus).toBe(1);
    });

    it("caps a gate-boosted allocation with maxPerWallet (eligibility does not)", async () => {
      const allowlist = (await counts(wallets.tidepool)).phaseMints[phases.allowlist]!;
      expect(allowlist).toMatchObject({
        minted: 1,
        whitelistAllocation: 3,
        nftGateAllocation: 4,
        tokenGateAllocation: 0,
        remaining: 2,
        canMintMore: true,
      });
      const eligibility = await callJson(
        "GET",
        `/api/v1/collections/sprites/eligibility/${phases.allowlist}/${wallets.tidepool}`,
        { headers: { "x-api-key": key } },
      );
      expect(eligibility.body).toMatchObject({ spotsAllocated: 7, spotsRemaining: 6 });
    });

    it("lists a met token gate with its token address", async () => {
      const allowlist = (await counts(wallets.orin)).phaseMints[phases.allowlist]!;
      expect(allowlist).toMatchObject({ minted: 2, tokenGateAllocation: 1, nftGateAllocation: 0, remaining: 1 });
      expect(allowlist.allocationDetails).toEqual([
        { type: "whitelist", allocation: 3 },
        { type: "token_gate", ruleName: "GLOW holders", multiplier: 1, tokenAddress: glowMint },
      ]);
      // 40 GLOW is below the gate: nothing from it.
      expect((await counts(wallets.unnamed)).phaseMints[phases.allowlist]).toMatchObject({
        tokenGateAllocation: 0,
        nftGateAllocation: 2,
      });
    });

    it("gives an unknown wallet nothing in gated phases and the limit elsewhere", async () => {
      const stranger = Keypair.generate().publicKey.toBase58();
      const body = await counts(stranger);
      expect(body.totalMinted).toBe(0);
      for (const id of [phases.og, phases.allowlist]) {
        expect(body.phaseMints[id]).toMatchObject({
          minted: 0,
          whitelistAllocation: null,
          allocationDetails: [],
          hasAllocationOverride: false,
          remaining: 0,
          canMintMore: false,
        });
      }
      expect(body.phaseMints[phases.public]).toMatchObject({
        minted: 0,
        maxPerWallet: 5,
        whitelistAllocation: null,
        nftGateAllocation: null,
        remaining: 5,
        canMintMore: true,
      });
    });

    it("reports maxPerWallet 0 as unlimited: remaining null", async () => {
      const unlimited = (await counts(Keypair.generate().publicKey.toBase58())).phaseMints[phases.unlimited]!;
      expect(unlimited).toEqual({
        phaseName: "Packs forever",
        minted: 0,
        maxPerWallet: 0,
        whitelistAllocation: null,
        nftGateAllocation: null,
        tokenGateAllocation: null,
        allocationDetails: [],
        hasAllocationOverride: false,
        remaining: null,
        canMintMore: true,
        isPackPhase: true,
      });
    });

    it("counts a mint with no phase in totalMinted only", async () => {
      const prisma = app.runtime.database.prisma;
      const before = await counts(wallets.unnamed);
      const nft = await prisma.nft.findFirstOrThrow({
        where: { collectionId: spritesId, status: "available" },
        orderBy: { tokenId: "desc" },
      });
      await prisma.nft.update({
        where: { id: nft.id },
        data: { status: "minted", ownerWallet: wallets.unnamed, minterWallet: wallets.unnamed, mintedAt: new Date() },
      });
      await prisma.mint.create({
        data: {
          collectionId: spritesId,
          phaseId: null,
          nftId: nft.id,
          walletAddress: wallets.unnamed,
          kind: "bounty_bonus",
        },
      });
      const after = await counts(wallets.unnamed);
      const sum = (body: WalletMintsResponse) =>
        Object.values(body.phaseMints).reduce((total, p) => total + p.minted, 0);
      expect([before.totalMinted, sum(before)]).toEqual([1, 1]);
      expect([after.totalMinted, sum(after)]).toEqual([2, 1]);
    });

    it("accepts the drop's UUID and on-chain address", async () => {
      const sprites = await app.runtime.database.prisma.collection.findUniqueOrThrow({ where: { id: spritesId } });
      for (const identifier of [spritesId, sprites.collectionAddress!]) {
        expect((await counts(wallets.mira, identifier)).totalMinted).toBe(5);
      }
    });

    it("refuses another drop with 403, whether or not it exists", async () => {
      const auroraKey = await app.createKey({ keyClass: "live", collections: ["aurora"] });
      const real = await ask(wallets.mira, "sprites", auroraKey);
      const missing = await ask(wallets.mira, "no-such-drop", auroraKey);
      expect(real.status).toBe(403);
      expect(errorBodySchema.parse(real.body).code).toBe("COLLECTION_NOT_IN_SCOPE");
      expect([missing.status, missing.text]).toEqual([real.status, real.text]);
    });

    it("answers an unknown drop with 404 for a key that sees every drop", async () => {
      const allKey = await app.createKey({ keyClass: "live", collections: "all" });
      const { status, body } = await ask(wallets.mira, "no-such-drop", allKey);
      expect([status, errorBodySchema.parse(body).code]).toEqual([404, "COLLECTION_NOT_FOUND"]);
    });

    it("nothing more can be minted in an ended phase, nor anywhere once the drop is sold out; a drop without a cap never sells out", async () => {
      const prisma = app.runtime.database.prisma;
      const ended = await prisma.phase.create({
        data: {
          collectionId: spritesId,
          name: "Ended",
          sortOrder: 9,
          startDate: new Date(Date.now() - 7_200_000),
          endDate: new Date(Date.now() - 3_600_000),
          maxPerWallet: 5,
        },
      });
      try {
        const before = await counts(wallets.unnamed);
        expect(before.phaseMints[ended.id]).toMatchObject({ minted: 0, remaining: 5, canMintMore: false });
        expect(before.phaseMints[phases.unlimited]).toMatchObject({ remaining: null, canMintMore: true });
        const sprites = await prisma.collection.findUniqueOrThrow({ where: { id: spritesId } });
        const minted = await prisma.nft.count({
          where: { collectionId: spritesId, isMasterEdition: false, status: { in: ["minted", "burned"] } },
        });
        await prisma.collection.update({ where: { id: spritesId }, data: { totalSupply: minted } });
        try {
          const soldOut = await counts(wallets.unnamed);
          expect(soldOut.phaseMints[phases.unlimited]).toMatchObject({ remaining: null, canMintMore: false });
          await prisma.collection.update({ where: { id: spritesId }, data: { totalSupply: null } });
          const uncapped = await counts(wallets.unnamed);
          expect(uncapped.phaseMints[phases.unlimited]).toMatchObject({ remaining: null, canMintMore: true });
        } finally {
          await prisma.collection.update({ where: { id: spritesId }, data: { totalSupply: sprites.totalSupply } });
        }
      } finally {
        await prisma.phase.delete({ where: { id: ended.id } });
      }
    });

    it("answers a malformed wallet with 400 INVALID_REQUEST", async () => {
      for (const wallet of malformedWallets(wallets.mira)) {
        const { status, body } = await ask(encodeURIComponent(wallet));
        expect([status, errorBodySchema.parse(body).code], wallet).toEqual([400, "INVALID_REQUEST"]);
      }
    });
  });
}
