// GET /collections/{identifier}/top-holders and /top-minters against the seeded demo drops,
// on PGlite and (when reachable) PostgreSQL. Holders are read from the real embedded chain:
// a transfer on chain moves an NFT between wallets, and a closed chain answers with `error`.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, PublicKey, Transaction } from "@solana/web3.js";
import {
  TOKEN_2022_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { buildNftMintTransaction, openEmbeddedChain, signAndSerialize } from "@/lib/chain";
import { DEMO_COLLECTORS, DEMO_SPRITE_MINTS, sol } from "@/lib/demo/demo-drops";
import { shownRank, unlockedEffects, type Activity, type EffectGrant } from "@/lib/domain/platform-rank";
import { topHoldersResponseSchema, topMintersResponseSchema } from "@/lib/schemas/leaderboards";
import { installRuntime, type Runtime } from "@/lib/server/runtime";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";

const byCountThenWallet = (a: { count: number; wallet: string }, b: { count: number; wallet: string }) =>
  b.count - a.count || (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0);

/** Mints one NFT of `groupMint` on chain to `wallet`, which signs and pays (as in the real flow). */
async function mintOnChain(runtime: Runtime, wallet: Keypair, groupMint: string): Promise<string> {
  const mint = Keypair.generate();
  const { blockhash } = await runtime.chain.getLatestBlockhash();
  const transaction = buildNftMintTransaction({
    payer: wallet.publicKey,
    mint: mint.publicKey,
    mintAuthority: runtime.keys.mintAuthority.publicKey,
    groupMint: new PublicKey(groupMint),
    name: "Leaderboard test",
    symbol: "LB",
    uri: "https://dropmint.example/lb.json",
    payments: [],
    recentBlockhash: blockhash,
  });
  await runtime.chain.sendRawTransaction(signAndSerialize(transaction, wallet, mint, runtime.keys.mintAuthority));
  return mint.publicKey.toBase58();
}

/** A Token-2022 transfer of the NFT from its holder to `to`, creating `to`'s token account. */
async function transferOnChain(runtime: Runtime, holder: Keypair, mintAddress: string, to: string) {
  const mint = new PublicKey(mintAddress);
  const recipient = new PublicKey(to);
  const source = getAssociatedTokenAddressSync(mint, holder.publicKey, false, TOKEN_2022_PROGRAM_ID);
  const destination = getAssociatedTokenAddressSync(mint, recipient, false, TOKEN_2022_PROGRAM_ID);
  const { blockhash } = await runtime.chain.getLatestBlockhash();
  const transaction = new Transaction({ feePayer: holder.publicKey, recentBlockhash: blockhash }).add(
    createAssociatedTokenAccountIdempotentInstruction(
      holder.publicKey,
      destination,
      recipient,
      mint,
      TOKEN_2022_PROGRAM_ID,
    ),
    createTransferCheckedInstruction(source, mint, destination, holder.publicKey, 1n, 0, [], TOKEN_2022_PROGRAM_ID),
  );
  transaction.sign(holder);
  await runtime.chain.sendRawTransaction(transaction.serialize());
}

async function fundedWallet(runtime: Runtime): Promise<Keypair> {
  const wallet = Keypair.generate();
  await runtime.chain.airdrop(wallet.publicKey.toBase58(), sol("1"));
  return wallet;
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`leaderboards API on ${target.name}`, () => {
    let app: TestApp;
    let allKey: string;
    let auroraKey: string;
    let sprites: { id: string; collectionAddress: string };
    /** The demo collectors' wallets, by index in DEMO_COLLECTORS. */
    let collectorWallets: string[];
    /** Each demo collector's platform-wide activity, counted in the database: what rank and effects are earned by. */
    let activities: Activity[];
    const get = (path: string, key = allKey) => callJson("GET", path, { headers: { "x-api-key": key } });

    beforeAll(async () => {
      // Holders are read afresh on every request here (no reuse): these tests move NFTs on chain
      // and read the board again at once. Reuse and single-flight: tests/api/holders-cache.test.ts.
      app = await startTestApp(target, { env: { HOLDERS_CACHE_SECONDS: "0" } });
      allKey = await app.createKey({ keyClass: "live", collections: "all" });
      auroraKey = await app.createKey({ keyClass: "live", collections: ["aurora"] });
      const prisma = app.runtime.database.prisma;
      const row = await prisma.collection.findUniqueOrThrow({
        where: { shortId: "sprites" },
        select: { id: true, collectionAddress: true },
      });
      sprites = { id: row.id, collectionAddress: row.collectionAddress! };
      // Mint rows in minting order follow DEMO_SPRITE_MINTS: the nth row is the nth demo mint.
      const mints = await prisma.mint.findMany({ where: { collectionId: sprites.id }, orderBy: { mintedAt: "asc" } });
      collectorWallets = DEMO_COLLECTORS.map(
        (_, c) => mints[DEMO_SPRITE_MINTS.findIndex((m) => m.collector === c)]!.walletAddress,
      );
      activities = await Promise.all(
        collectorWallets.map(async (walletAddress) => ({
          mints: await prisma.mint.count({ where: { walletAddress } }),
          drops: (await prisma.mint.groupBy({ by: ["collectionId"], where: { walletAddress } })).length,
          bountyWins: await prisma.bountyAward.count({ where: { walletAddress } }),
        })),
      );
    });
    afterAll(() => app?.close());

    /** The demo collectors ranked by their sprite mints, as a LeaderboardEntry list. */
    function expectedSpriteBoard(countOf: (collector: number) => number) {
      return DEMO_COLLECTORS.map((profile, c) => ({ profile, c, wallet: collectorWallets[c]!, count: countOf(c) }))
        .filter((row) => row.count > 0)
        .sort(byCountThenWallet)
        .map(({ profile, c, wallet, count }, index) => ({
          rank: index + 1,
          walletAddress: wallet,
          displayName: profile.displayName,
          avatarUrl: null,
          // The stored rank and effects, with what the collector's activity earns (lib/domain/platform-rank.ts).
          platformRank: shownRank(profile.platformRank, activities[c]!),
          effects: unlockedEffects(profile.effects as readonly EffectGrant[], activities[c]!).map((e) => ({
            effect_type: e.effectType,
            effect_category: e.effectCategory,
            config: e.config,
          })),
          count,
        }));
    }
    const demoMintsOf = (collector: number) => DEMO_SPRITE_MINTS.filter((m) => m.collector === collector).length;

    it("ranks the demo collectors by the sprites they mint, bonus mints included", async () => {
      const { status, body } = await get("/api/v1/collections/sprites/top-minters");
      expect(status).toBe(200);
      const parsed = topMintersResponseSchema.strict().parse(body);
      const expected = expectedSpriteBoard(demoMintsOf).map(({ count, ...entry }) => ({ ...entry, mintCount: count }));
      expect(parsed).toEqual({ success: true, topMinters: expected, total: 4 });
      // Mira minted 4 paid sprites and got 1 BOGO bonus: 5, ahead of two 3s ordered by wallet.
      expect(parsed.topMinters.map((e) => [e.displayName, e.mintCount])[0]).toEqual(["Mira", 5]);
      expect(parsed.topMinters.map((e) => e.mintCount)).toEqual([5, 3, 3, 1]);
      const bonus = await app.runtime.database.prisma.mint.count({
        where: { collectionId: sprites.id, walletAddress: collectorWallets[0]!, kind: "bogo_bonus" },
      });
      expect(bonus).toBe(1);
    });

    it("reads the current holders from the chain, with profiles and effects", async () => {
      const { status, body } = await get("/api/v1/collections/sprites/top-holders");
      expect(status).toBe(200);
      const parsed = topHoldersResponseSchema.strict().parse(body);
      const expected = expectedSpriteBoard(demoMintsOf).map(({ count, ...entry }) => ({ ...entry, holdCount: count }));
      expect(parsed).toEqual({ success: true, topHolders: expected, total: 4 });
      expect(parsed.topHolders[0]).toMatchObject({
        displayName: "Mira",
        platformRank: "founder",
        holdCount: 5,
        effects: expect.arrayContaining([
          { effect_type: "glow", effect_category: "name", config: { color: "#f472b6" } },
        ]),
      });
      // A drop by UUID or on-chain address answers the same.
      expect((await get(`/api/v1/collections/${sprites.collectionAddress}/top-holders`)).body).toEqual(parsed);
    });

    it("answers an empty board for a drop nobody minted", async () => {
      for (const board of ["top-holders", "top-minters"]) {
        const { status, body } = await get(`/api/v1/collections/packs/${board}`);
        expect(status).toBe(200);
        expect(body).toEqual({ success: true, [board === "top-holders" ? "topHolders" : "topMinters"]: [], total: 0 });
      }
    });

    it("still succeeds with an error sentence when the chain cannot be read", async () => {
      const closedChain = await openEmbeddedChain({
        dir: path.join(app.runtime.config.dataDir, "closed-chain"),
        cluster: "localnet",
      });
      await closedChain.close();
      installRuntime({ ...app.runtime, chain: closedChain });
      try {
        const { status, body } = await get("/api/v1/collections/sprites/top-holders");
        expect(status).toBe(200);
        const parsed = topHoldersResponseSchema.strict().parse(body);
        expect(parsed).toMatchObject({ success: true, topHolders: [], total: 0 });
        expect(parsed.error).toMatch(/^[A-Z].+\.$/);
        // Minters come from the database: unaffected.
        expect((await get("/api/v1/collections/sprites/top-minters")).body!.total).toBe(4);
      } finally {
        installRuntime(app.runtime);
      }
      expect((await get("/api/v1/collections/sprites/top-holders")).body).not.toHaveProperty("error");
    });

    it("follows ownership on chain: a transferred NFT moves to its new holder", async () => {
      const prisma = app.runtime.database.prisma;
      const wallet = await fundedWallet(app.runtime);
      const mintAddress = await mintOnChain(app.runtime, wallet, sprites.collectionAddress);
      const nft = await prisma.nft.findFirstOrThrow({
        where: { collectionId: sprites.id, status: "available" },
        orderBy: { tokenId: "asc" },
      });
      const me = wallet.publicKey.toBase58();
      const minted = await prisma.nft.update({
        where: { id: nft.id },
        data: { status: "minted", mintAddress, ownerWallet: me, minterWallet: me, mintedAt: new Date() },
      });
      const mint = await prisma.mint.create({ data: { collectionId: sprites.id, nftId: nft.id, walletAddress: me } });
      try {
        const holders = async () =>
          topHoldersResponseSchema.parse((await get("/api/v1/collections/sprites/top-holders")).body);
        const before = await holders();
        expect(before.total).toBe(5);
        expect(before.topHolders.find((e) => e.walletAddress === me)).toMatchObject({
          holdCount: 1,
          displayName: null,
          platformRank: "collector", // one mint earns it
          effects: [],
        });

        // The unnamed collector (1 sprite) receives it: now 2, and the minter holds nothing.
        await transferOnChain(app.runtime, wallet, mintAddress, collectorWallets[3]!);
        const after = await holders();
        expect(after.total).toBe(4);
        expect(after.topHolders.find((e) => e.walletAddress === me)).toBeUndefined();
        const counts = (c: number) => demoMintsOf(c) + (c === 3 ? 1 : 0);
        expect(after.topHolders).toEqual(
          expectedSpriteBoard(counts).map(({ count, ...entry }) => ({ ...entry, holdCount: count })),
        );

        // Minting is history: the minter keeps the mint on the other board.
        const minters = topMintersResponseSchema.parse((await get("/api/v1/collections/sprites/top-minters")).body);
        expect(minters.total).toBe(5);
        expect(minters.topMinters.find((e) => e.walletAddress === me)?.mintCount).toBe(1);
      } finally {
        // The drop as the demo seeded it, for every other test: the NFT unsold again (its token on chain is no
        // longer one of the drop's), the mint gone.
        await prisma.mint.delete({ where: { id: mint.id } });
        const { status, mintAddress: address, ownerWallet, minterWallet, mintedAt } = nft;
        await prisma.nft.update({
          where: { id: minted.id },
          data: { status, mintAddress: address, ownerWallet, minterWallet, mintedAt },
        });
      }
    });

    it("lists at most 10 entries; total counts everyone; ties go by wallet", async () => {
      const prisma = app.runtime.database.prisma;
      const collectionId = crypto.randomUUID();
      await prisma.collection.create({
        data: {
          id: collectionId,
          shortId: "crowd",
          name: "Crowd",
          chain: app.runtime.config.chainName,
          treasuryAddress: Keypair.generate().publicKey.toBase58(),
        },
      });
      const wallets = await Promise.all(Array.from({ length: 11 }, () => fundedWallet(app.runtime)));
      // The first wallet mints twice; everyone else once: 12 NFTs, 11 holders and minters.
      const minters = [wallets[0]!, ...wallets];
      let tokenId = 0;
      for (const wallet of minters) {
        const mintAddress = await mintOnChain(app.runtime, wallet, sprites.collectionAddress);
        const owner = wallet.publicKey.toBase58();
        const nft = await prisma.nft.create({
          data: {
            collectionId,
            tokenId: ++tokenId,
            name: `Crowd #${tokenId}`,
            status: "minted",
            mintAddress,
            ownerWallet: owner,
            minterWallet: owner,
            mintedAt: new Date(),
          },
        });
        await prisma.mint.create({ data: { collectionId, nftId: nft.id, walletAddress: owner } });
      }
      const first = wallets[0]!.publicKey.toBase58();
      const rest = wallets
        .slice(1)
        .map((w) => w.publicKey.toBase58())
        .sort();
      const expectedOrder = [first, ...rest.slice(0, 9)];

      const holders = topHoldersResponseSchema
        .strict()
        .parse((await get("/api/v1/collections/crowd/top-holders")).body);
      expect(holders.total).toBe(11);
      expect(holders.topHolders.map((e) => [e.rank, e.walletAddress, e.holdCount])).toEqual(
        expectedOrder.map((w, i) => [i + 1, w, i === 0 ? 2 : 1]),
      );

      const top = topMintersResponseSchema.strict().parse((await get("/api/v1/collections/crowd/top-minters")).body);
      expect(top.total).toBe(11);
      expect(top.topMinters.map((e) => [e.rank, e.walletAddress, e.mintCount])).toEqual(
        expectedOrder.map((w, i) => [i + 1, w, i === 0 ? 2 : 1]),
      );
    });

    it("refuses another drop with 403, the same whether or not it exists", async () => {
      for (const board of ["top-holders", "top-minters"]) {
        const other = await get(`/api/v1/collections/sprites/${board}`, auroraKey);
        const unknown = await get(`/api/v1/collections/no-such-drop/${board}`, auroraKey);
        expect(other.status).toBe(403);
        expect(errorBodySchema.parse(other.body).code).toBe("COLLECTION_NOT_IN_SCOPE");
        expect(unknown.status).toBe(403);
        expect(unknown.body).toEqual(other.body);
        expect((await get(`/api/v1/collections/aurora/${board}`, auroraKey)).status).toBe(200);
      }
    });

    it("answers 404 for an unknown drop with an all-drops key, 400 for a malformed one, 405 for other methods", async () => {
      for (const board of ["top-holders", "top-minters"]) {
        const unknown = await get(`/api/v1/collections/no-such-drop/${board}`);
        expect([unknown.status, errorBodySchema.parse(unknown.body).code]).toEqual([404, "COLLECTION_NOT_FOUND"]);
        const malformed = await get(`/api/v1/collections/${encodeURIComponent("bad id!")}/${board}`);
        expect([malformed.status, errorBodySchema.parse(malformed.body).code]).toEqual([400, "INVALID_REQUEST"]);
        const post = await callJson("POST", `/api/v1/collections/sprites/${board}`, {
          headers: { "x-api-key": allKey },
          body: {},
        });
        expect([post.status, errorBodySchema.parse(post.body).code]).toEqual([405, "METHOD_NOT_ALLOWED"]);
      }
    });
  });
}
