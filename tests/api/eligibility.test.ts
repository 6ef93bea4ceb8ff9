// GET /api/v1/collections/{collectionId}/eligibility/{phaseId}/{walletAddress} against the
// seeded sprites drop, on PGlite and (when reachable) PostgreSQL. The demo collectors are
// all on the allowlist of both gated phases (3 spots each); Mira has an override of 6,
// tidepool holds two Aurora editions, Orin holds 250 GLOW, the unnamed collector one Aurora
// edition and 40 GLOW (below the 100 GLOW gate).
import { Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFungibleMintToTransaction } from "@/lib/chain";
import { parseUnits } from "@/lib/domain/parse-units";
import { eligibilityResponseSchema } from "@/lib/schemas/eligibility";
import { databaseTargets } from "../helpers/databases";
import { errorBodySchema } from "../helpers/error-body";
import { malformedWallets } from "../helpers/malformed-wallets";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";

const ALLOWLIST_RULE = "The wallet is on this phase's allowlist.";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`eligibility API on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let phases: Record<"og" | "allowlist" | "public", string>;
    let wallets: Record<"mira" | "tidepool" | "orin" | "unnamed", string>;
    let glowMint: string;
    let everyCollector: string[];

    const ask = (phaseId: string, wallet: string, identifier = "sprites", apiKey = key) =>
      callJson("GET", `/api/v1/collections/${identifier}/eligibility/${phaseId}/${wallet}`, {
        headers: { "x-api-key": apiKey },
      });

    /** A 200 parsed strictly, which never names any wallet but the one asked about. */
    const verdict = async (phaseId: string, wallet: string, identifier?: string) => {
      const { status, body, text } = await ask(phaseId, wallet, identifier);
      expect(status, text).toBe(200);
      for (const other of everyCollector.filter((w) => w !== wallet)) expect(text).not.toContain(other);
      return eligibilityResponseSchema.strict().parse(body);
    };

    const mintGlow = async (owner: PublicKey, amount: bigint) => {
      const transaction = buildFungibleMintToTransaction({
        mintAuthority: app.runtime.keys.mintAuthority,
        mint: new PublicKey(glowMint),
        recipients: [{ owner, amount }],
        recentBlockhash: (await app.runtime.chain.getLatestBlockhash()).blockhash,
      });
      await app.runtime.chain.sendRawTransaction(transaction.serialize());
    };

    beforeAll(async () => {
      app = await startTestApp(target);
      key = await app.createKey({ keyClass: "live", collections: ["sprites"] });
      const prisma = app.runtime.database.prisma;
      const rows = await prisma.phase.findMany({
        where: { collection: { shortId: "sprites" } },
        include: { allowlist: true, gateRules: true },
      });
      const byName = (name: string) => rows.find((p) => p.name === name)!;
      phases = { og: byName("OG").id, allowlist: byName("Allowlist").id, public: byName("Public").id };
      glowMint = byName("Allowlist").gateRules.find((r) => r.kind === "token_gate")!.tokenMint!;
      everyCollector = byName("Allowlist").allowlist.map((e) => e.walletAddress);
      const profiles = await prisma.profile.findMany({ where: { walletAddress: { in: everyCollector } } });
      const named = (displayName: string | null) => profiles.find((p) => p.displayName === displayName)!.walletAddress;
      wallets = {
        mira: named("Mira"),
        tidepool: named("tidepool"),
        orin: named("Orin of Ember"),
        unnamed: named(null),
      };
    });
    afterAll(() => app?.close());

    it("gives the override wallet its override, its BOGO bonus counted", async () => {
      const body = await verdict(phases.allowlist, wallets.mira);
      expect(body).toMatchObject({
        success: true,
        gated: true,
        meetsRequirements: true,
        onAllowlist: true,
        // Override 6 replaces 3 (allowlist) + 2 (one Aurora × 2); 2 paid + 1 BOGO bonus minted.
        spotsAllocated: 6,
        spotsRemaining: 3,
        address: wallets.mira,
        message: "This wallet is eligible for this phase: 6 spots allocated, 3 remaining.",
      });
      expect(body.phase).toMatchObject({ id: phases.allowlist, name: "Allowlist", hasStarted: true, hasEnded: false });
    });

    it("sums the allowlist and the Aurora gate (2 per edition held)", async () => {
      const body = await verdict(phases.allowlist, wallets.tidepool);
      expect(body).toMatchObject({
        meetsRequirements: true,
        onAllowlist: true,
        spotsAllocated: 3 + 2 * 2,
        spotsRemaining: 6,
      });
      expect(body.requirements.map((r) => [r.type, r.met])).toEqual([
        ["allowlist", true],
        ["nft_gate", true],
        ["token_gate", false],
      ]);
      expect(body.requirements[0]!.description).toBe(ALLOWLIST_RULE);
      expect(body.requirements[1]!.description).toMatch(
        /^Aurora holders: hold an NFT of collection \w+; each one held gives 2 spots\.$/,
      );
      expect(body.requirements[2]!.description).toBe(
        `GLOW holders: hold at least 100 of token ${glowMint}; gives 1 spot.`,
      );
    });

    it("meets the token gate above minAmount and not below", async () => {
      const above = await verdict(phases.allowlist, wallets.orin);
      expect(above.requirements.map((r) => r.met)).toEqual([true, false, true]);
      expect(above).toMatchObject({ spotsAllocated: 3 + 1, spotsRemaining: 2 });
      const below = await verdict(phases.allowlist, wallets.unnamed);
      expect(below.requirements.map((r) => r.met)).toEqual([true, true, false]);
      expect(below).toMatchObject({ spotsAllocated: 3 + 2, spotsRemaining: 4 });
    });

    it("admits a wallet through the token gate alone", async () => {
      const holder = Keypair.generate().publicKey;
      await mintGlow(holder, parseUnits("150", 6));
      const body = await verdict(phases.allowlist, holder.toBase58());
      expect(body).toMatchObject({ meetsRequirements: true, onAllowlist: false, spotsAllocated: 1, spotsRemaining: 1 });
      const short = Keypair.generate().publicKey;
      await mintGlow(short, parseUnits("99.999999", 6));
      expect(await verdict(phases.allowlist, short.toBase58())).toMatchObject({
        meetsRequirements: false,
        spotsAllocated: 0,
      });
    });

    it("refuses an unknown wallet with every requirement unmet", async () => {
      const stranger = Keypair.generate().publicKey.toBase58();
      const body = await verdict(phases.allowlist, stranger);
      expect(body).toMatchObject({
        gated: true,
        meetsRequirements: false,
        onAllowlist: false,
        spotsAllocated: 0,
        spotsRemaining: 0,
        address: stranger,
        message: "This wallet does not meet any requirement of this phase.",
      });
      expect(body.requirements.map((r) => [r.type, r.met])).toEqual([
        ["allowlist", false],
        ["nft_gate", false],
        ["token_gate", false],
      ]);
      // The NFT gate names the drop on this site that sells the NFT it asks for (Aurora).
      expect(body.requirements[1]!.drops).toEqual([{ name: "Aurora", path: "/d/aurora" }]);
      expect(body.requirements[0]!.drops).toBeUndefined();
    });

    it("reports an ended phase's window beside the verdict", async () => {
      // Orin minted 1 in OG (allowlist 3; OG has no gates).
      const body = await verdict(phases.og, wallets.orin);
      expect(body).toMatchObject({ meetsRequirements: true, spotsAllocated: 3, spotsRemaining: 2 });
      expect(body.requirements).toEqual([{ type: "allowlist", met: true, description: ALLOWLIST_RULE }]);
      expect(body.phase).toMatchObject({ name: "OG", hasStarted: true, hasEnded: true });
      expect(body.message).toBe(
        "This wallet is eligible for this phase: 3 spots allocated, 2 remaining. The phase has ended.",
      );
    });

    it("answers an ungated phase: not gated, requirements met, the phase limit as spots", async () => {
      const body = await verdict(phases.public, Keypair.generate().publicKey.toBase58());
      expect(body).toMatchObject({
        gated: false,
        meetsRequirements: true,
        onAllowlist: null,
        spotsAllocated: 5,
        spotsRemaining: 5,
        requirements: [],
        message: "This phase is open to every wallet: 5 spots per wallet, 5 remaining. The phase has not started yet.",
      });
      expect(body.phase).toMatchObject({ hasStarted: false, hasEnded: false, endDate: null });
    });

    it("accepts the drop's UUID and on-chain address as the collection", async () => {
      const sprites = await app.runtime.database.prisma.collection.findUniqueOrThrow({ where: { shortId: "sprites" } });
      for (const identifier of [sprites.id, sprites.collectionAddress!]) {
        expect((await verdict(phases.allowlist, wallets.tidepool, identifier)).spotsAllocated).toBe(7);
      }
    });

    it("refuses another drop with 403, whether or not it exists", async () => {
      const auroraKey = await app.createKey({ keyClass: "live", collections: ["aurora"] });
      const real = await ask(phases.allowlist, wallets.mira, "sprites", auroraKey);
      const missing = await ask(phases.allowlist, wallets.mira, "no-such-drop", auroraKey);
      expect(real.status).toBe(403);
      expect(errorBodySchema.parse(real.body).code).toBe("COLLECTION_NOT_IN_SCOPE");
      expect([missing.status, missing.text]).toEqual([real.status, real.text]);
    });

    it("answers an unknown phase and another drop's phase with the same 404", async () => {
      const auroraPhase = await app.runtime.database.prisma.phase.findFirstOrThrow({
        where: { collection: { shortId: "aurora" } },
      });
      const allKey = await app.createKey({ keyClass: "live", collections: "all" });
      const unknown = await ask(crypto.randomUUID(), wallets.mira);
      const foreign = await ask(auroraPhase.id, wallets.mira);
      const foreignAllKey = await ask(auroraPhase.id, wallets.mira, "sprites", allKey);
      expect(unknown.status).toBe(404);
      expect(errorBodySchema.parse(unknown.body).code).toBe("PHASE_NOT_FOUND");
      expect([foreign.status, foreign.text]).toEqual([unknown.status, unknown.text]);
      expect([foreignAllKey.status, foreignAllKey.text]).toEqual([unknown.status, unknown.text]);
    });

    it("answers malformed wallets and phase ids with 400 INVALID_REQUEST", async () => {
      const bad = [
        ...malformedWallets(wallets.mira).map((wallet) => [phases.allowlist, wallet] as const),
        ["not-a-uuid", wallets.mira],
        ["00000000-0000-0000-0000-00000000000g", wallets.mira],
      ];
      for (const [phaseId, wallet] of bad) {
        const { status, body } = await ask(phaseId, encodeURIComponent(wallet));
        expect([status, errorBodySchema.parse(body).code], `${phaseId} ${wallet}`).toEqual([400, "INVALID_REQUEST"]);
      }
    });
  });
}
