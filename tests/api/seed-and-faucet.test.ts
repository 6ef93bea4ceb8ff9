// The demo drops exist on the embedded chain as they do in the database, and the faucet
// funds wallets on localnet only.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installRuntime, serviceContextOf } from "@/lib/server/runtime";
import { prizeAccountOf } from "@/lib/services/bounty-payouts";
import { parseConfig } from "@/lib/config";
import { seedDemoDrops } from "@/lib/demo/seed-demo-drops";
import { TOKEN_2022_PROGRAM_ID } from "@/lib/chain";
import { databaseTarget } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { errorBodySchema } from "../helpers/error-body";

describe("demo drops and the faucet (PGlite)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"));
  });
  afterAll(() => app?.close());

  it("gives every demo drop a collection group mint on chain", async () => {
    const collections = await app.runtime.database.prisma.collection.findMany();
    expect(collections.map((c) => c.shortId).sort()).toEqual([
      "aurora",
      "doves",
      "lanterns",
      "lastlight",
      "letters",
      "nightfall",
      "packs",
      "relics",
      "shells",
      "sprites",
      "tapes",
    ]);
    for (const collection of collections) {
      const account = await app.runtime.chain.getAccountInfo(collection.collectionAddress!);
      expect(account?.owner, collection.shortId!).toBe(String(TOKEN_2022_PROGRAM_ID));
    }
  });

  it("agrees with the chain on who holds every minted demo NFT", async () => {
    const minted = await app.runtime.database.prisma.nft.findMany({
      where: { status: "minted" },
      include: { mint: true },
    });
    // sprites 12, aurora 4, relics 5, letters 3, doves 4, lastlight 8, tapes 2.
    expect(minted).toHaveLength(38);
    const owners = await app.runtime.chain.getMintOwners(minted.map((n) => n.mintAddress!));
    for (const nft of minted) {
      expect(owners.get(nft.mintAddress!), nft.name!).toBe(nft.ownerWallet);
      expect(nft.mint?.walletAddress).toBe(nft.ownerWallet);
      expect(await app.runtime.chain.getSignatureStatus(nft.mint!.signature!)).toEqual({ state: "confirmed" });
    }
    expect(new Set(minted.map((n) => n.ownerWallet)).size).toBe(4);
  });

  it("shows everything the site does: every price kind live, a sold-out drop, an open edition, a fair drop, pack codes, a funded prize, a timed reveal", async () => {
    const prisma = app.runtime.database.prisma;
    const live = await prisma.phase.findMany({
      where: {
        collection: { launchStatus: "live", supportedBySurface: true },
        startDate: { lte: new Date() },
        OR: [{ endDate: null }, { endDate: { gt: new Date() } }],
      },
    });
    expect(new Set(live.map((p) => p.priceModel))).toEqual(new Set(["fixed", "range", "hidden", "dutch", "pegged"]));
    expect(live.some((p) => p.priceModel === "fixed" && p.price === 0n)).toBe(true); // free (aurora)
    const drop = (shortId: string) =>
      prisma.collection.findUniqueOrThrow({ where: { shortId }, include: { _count: { select: { mints: true } } } });
    const lastlight = await drop("lastlight");
    expect(lastlight._count.mints).toBe(lastlight.totalSupply);
    expect((await drop("doves")).totalSupply).toBeNull();
    const lanterns = await drop("lanterns");
    expect(lanterns.fairCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await prisma.nft.count({ where: { collectionId: lanterns.id, fairPosition: { not: null } } })).toBe(60);
    expect(
      await prisma.claimCode.count({
        where: { collection: { shortId: "relics" }, batch: { grantType: "pack", packTierId: "abyss" } },
      }),
    ).toBe(3);
    expect(await prisma.nft.count({ where: { collection: { shortId: "relics" }, packTierName: "abyss" } })).toBe(5);
    const tapes = await prisma.nft.findMany({ where: { collection: { shortId: "tapes" } } });
    expect(tapes.every((n) => n.mediaType === "audio/wav" && n.audioPreviewUrl === `/art/tapes/${n.tokenId}.wav`)).toBe(
      true,
    );
    const letters = await drop("letters");
    expect(letters).toMatchObject({ delayedRevealEnabled: true, timeDelayedReveal: true, revealDelayMinutes: 1 });
    const prize = await prisma.bounty.findFirstOrThrow({ where: { collectionId: letters.id } });
    expect(prize.triggerMintCount).toBe(letters._count.mints + 1);
    expect(
      await app.runtime.chain.getBalance(prizeAccountOf(serviceContextOf(app.runtime), letters.id)),
    ).toBeGreaterThan(prize.amount!);
  });

  it("blocks the documented demo wallet on sprites: prepare answers why, before anything else", async () => {
    const key = await app.createKey({ keyClass: "live", collections: ["sprites"] });
    const sprites = await app.runtime.database.prisma.collection.findUniqueOrThrow({
      where: { shortId: "sprites" },
      include: { phases: true },
    });
    const response = await callJson("POST", "/api/v1/prepare-mint", {
      headers: { "x-api-key": key },
      // The address the README gives.
      body: {
        collectionId: "sprites",
        phaseId: sprites.phases[1]!.id,
        walletAddress: "BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs",
        quantity: 1,
      },
    });
    expect(response.status).toBe(403);
    expect(errorBodySchema.parse(response.body)).toMatchObject({
      code: "WALLET_BLOCKED",
      reason: "Chargeback under review",
      permanent: false,
      blockedUntil: expect.any(String),
    });
  });

  it("covers the spec's shapes: phases, traits, bounties, claim codes of each grant type", async () => {
    const prisma = app.runtime.database.prisma;
    const sprites = await prisma.collection.findUniqueOrThrow({ where: { shortId: "sprites" } });
    const grantTypes = (await prisma.claimCodeBatch.findMany({ where: { collectionId: sprites.id } })).map(
      (b) => b.grantType,
    );
    expect(new Set(grantTypes)).toEqual(new Set(["whitelist", "free_mint", "discount", "external", "nft_redemption"]));
    expect(await prisma.bountySection.count({ where: { collectionId: sprites.id, kind: "milestone_group" } })).toBe(1);
    expect(await prisma.bountySection.count({ where: { collectionId: sprites.id, kind: "individual" } })).toBe(1);
    expect(await prisma.bountyInventoryItem.count({ where: { collectionId: sprites.id } })).toBeGreaterThan(0);
    expect(await prisma.bountyPoolEntry.count({ where: { pool: { collectionId: sprites.id } } })).toBeGreaterThan(0);
    const nfts = await prisma.nft.findMany({ where: { collectionId: sprites.id } });
    const backgrounds = new Map<string, number>();
    for (const nft of nfts) {
      const value = (nft.attributes as Array<{ trait_type: string; value: string }>).find(
        (a) => a.trait_type === "Background",
      )!.value;
      backgrounds.set(value, (backgrounds.get(value) ?? 0) + 1);
    }
    const counts = [...backgrounds.values()].sort((a, b) => a - b);
    expect(counts[0]).toBeLessThan(counts[counts.length - 1]! / 3);
    const aurora = await prisma.nft.findMany({ where: { collection: { shortId: "aurora" }, isMasterEdition: false } });
    expect(aurora.every((n) => n.tokenId === null && n.editionNumber !== null)).toBe(true);
  });

  it("seeding again creates nothing", async () => {
    expect(await seedDemoDrops(app.context())).toEqual({ created: [] });
  });

  it("funds a wallet on localnet", async () => {
    const address = Keypair.generate().publicKey.toBase58();
    const { status, body } = await callJson("POST", "/api/localnet/faucet", { body: { address, sol: 1.25 } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, lamports: 1_250_000_000, balance: 1_250_000_000 });
    expect(await app.runtime.chain.getBalance(address)).toBe(1_250_000_000n);
    const balance = await callJson("GET", `/api/localnet/balance/${address}`);
    expect(balance.status).toBe(200);
    expect(balance.body).toEqual({ success: true, address, lamports: 1_250_000_000 });
  });

  it("reads the balance of a wallet the chain has never seen as 0, and refuses a bad address", async () => {
    const address = Keypair.generate().publicKey.toBase58();
    expect((await callJson("GET", `/api/localnet/balance/${address}`)).body).toEqual({
      success: true,
      address,
      lamports: 0,
    });
    const bad = await callJson("GET", "/api/localnet/balance/not-an-address");
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).code).toBe("INVALID_REQUEST");
  });

  it("refuses bad faucet input with a code", async () => {
    for (const body of [
      { address: "not-an-address" },
      { address: Keypair.generate().publicKey.toBase58(), sol: 1000 },
      { sol: 1 },
    ]) {
      const response = await callJson("POST", "/api/localnet/faucet", { body });
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(response.body).code).toBe("INVALID_REQUEST");
    }
    const malformed = await callJson("POST", "/api/localnet/faucet", {
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(errorBodySchema.parse(malformed.body).code).toBe("INVALID_JSON");
  });

  it("refuses an airdrop to a program or sysvar address with a stable 4xx code", async () => {
    for (const address of ["11111111111111111111111111111111", "SysvarRent111111111111111111111111111111111"]) {
      const { status, body } = await callJson("POST", "/api/localnet/faucet", { body: { address } });
      expect(status, address).toBe(400);
      expect(errorBodySchema.parse(body).code).toBe("INVALID_REQUEST");
    }
  });

  it("does not exist on any other cluster", async () => {
    const devnet = parseConfig({
      SOLANA_CLUSTER: "devnet",
      SOLANA_RPC_URL: "http://127.0.0.1:9",
      MINT_AUTHORITY_SECRET_KEY: JSON.stringify([...Keypair.generate().secretKey]),
      PRIZE_ACCOUNT_SECRET: "11".repeat(32),
    });
    installRuntime({ ...app.runtime, config: devnet });
    try {
      const { status, body } = await callJson("POST", "/api/localnet/faucet", {
        body: { address: Keypair.generate().publicKey.toBase58() },
      });
      expect(status).toBe(404);
      expect(errorBodySchema.parse(body).code).toBe("NOT_FOUND");
      const balance = await callJson("GET", `/api/localnet/balance/${Keypair.generate().publicKey.toBase58()}`);
      expect(balance.status).toBe(404);
    } finally {
      installRuntime(app.runtime);
    }
  });
});
