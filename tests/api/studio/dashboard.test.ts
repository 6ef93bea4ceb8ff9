// The creator's live dashboard (issue 26, items 3 and 4), checked against a sale that really
// happened on the embedded chain: wallets with real keypairs prepare, sign and execute through
// /api/v1 in a SOL phase and a token phase, one with a free-mint claim code, one lets its
// session expire, one is refused for its balance. Every figure (the minute buckets, revenue
// per phase and currency, sold per phase, holders, top minters, code redemptions, the funnel
// with its refusals by code, the money) and the CSV rows are compared with what happened.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minuteOf } from "@/lib/domain/drop-dashboard";
import { MINTS_CSV_COLUMNS } from "@/lib/domain/mints-csv";
import { preparedMintResponseSchema, type PreparedMintResponse } from "@/lib/schemas/mint";
import { dropDashboardResponseSchema, type DropDashboardView } from "@/lib/schemas/studio-dashboard";
import { prizeAccountOf } from "@/lib/services/bounty-payouts";
import { databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import {
  createFixtureDrop,
  createTestToken,
  fundedWallet,
  giveTokens,
  signPrepared,
  type FixtureDrop,
} from "../mint/fixtures";
import { dashboardOf, mintsCsvOf, studioCaller, studioEnv, type StudioCaller } from "./studio-client";

const SOL_PRICE = 100_000_000n; // 0.1 SOL
const SOL_FEE = 5_000_000n; // PLATFORM_FEE_LAMPORTS default
const DUSD = 1_000_000n;
const TOKEN_PRICE = 12n * DUSD;
const TOKEN_FEE = TOKEN_PRICE / 100n; // PLATFORM_FEE_TOKEN_BPS=100
const PRIZE = 500_000_000n; // an unclaimed 0.5 SOL bounty
const PRIZE_FUNDED = 200_000_000n;

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`the studio dashboard on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let drop: FixtureDrop;
    let other: FixtureDrop;
    let tokenPhaseId: string;
    let token: string;
    let creator: StudioCaller;
    const wallets: Record<"a" | "b" | "c" | "d" | "e", Keypair> = {} as never;
    /** Each landed mint: its wallet and the instants around its execute call. */
    const landed: Array<{ wallet: string; phaseId: string; before: Date; after: Date }> = [];
    const expiredSessions: string[] = [];
    const prisma = () => app.runtime.database.prisma;

    const prepare = (d: FixtureDrop, phaseId: string, wallet: Keypair, extra: Record<string, unknown> = {}) =>
      callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: {
          collectionId: d.collectionId,
          phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
          ...extra,
        },
      });
    const execute = (sessionId: string, signedTransaction: string) =>
      callJson("POST", "/api/v1/execute-mint", {
        headers: { "x-api-key": key },
        body: { sessionId, signedTransaction },
      });

    async function prepared(
      d: FixtureDrop,
      phaseId: string,
      wallet: Keypair,
      extra = {},
    ): Promise<PreparedMintResponse> {
      const response = await prepare(d, phaseId, wallet, extra);
      expect(response.status, response.text).toBe(200);
      return preparedMintResponseSchema.parse(response.body);
    }

    async function mint(d: FixtureDrop, phaseId: string, wallet: Keypair, extra = {}): Promise<void> {
      const body = await prepared(d, phaseId, wallet, extra);
      const before = new Date();
      const result = await execute(
        body.sessions[0]!.sessionId,
        signPrepared(body.transactions[0]!.transaction, wallet),
      );
      const after = new Date();
      expect(result.status, result.text).toBe(200);
      if (d === drop) landed.push({ wallet: wallet.publicKey.toBase58(), phaseId, before, after });
    }

    beforeAll(async () => {
      const creatorWallet = Keypair.generate();
      app = await startTestApp(target, {
        seed: false,
        env: {
          STATIC_TOKEN_PRICES: '{"SOL":150,"DUSD":1}',
          PLATFORM_FEE_TOKEN_BPS: "100",
          ...studioEnv(creatorWallet),
        },
      });
      drop = await createFixtureDrop(app, { shortId: "dash-drop", price: SOL_PRICE, supply: 12, maxPerWallet: 5 });
      other = await createFixtureDrop(app, { shortId: "dash-other", price: SOL_PRICE, supply: 4 });
      token = await createTestToken(app, { program: "spl-token", decimals: 6 });
      const phase = await prisma().phase.create({
        data: {
          collectionId: drop.collectionId,
          name: "Token",
          sortOrder: 1,
          startDate: new Date(Date.now() - 60_000),
          price: TOKEN_PRICE,
          currency: "DUSD",
          currencyDecimals: 6,
          currencyMint: token,
          phaseSupply: 3,
        },
      });
      tokenPhaseId = phase.id;
      const batch = await prisma().claimCodeBatch.create({
        data: { collectionId: drop.collectionId, phaseId: drop.phaseId, name: "Friends", grantType: "free_mint" },
      });
      await prisma().claimCode.createMany({
        data: ["DASH-FREE", "DASH-SPARE"].map((code) => ({ batchId: batch.id, collectionId: drop.collectionId, code })),
      });
      await prisma().bounty.create({
        data: { collectionId: drop.collectionId, bountyType: "token", amount: PRIZE, triggerMintCount: 100 },
      });
      await app.runtime.chain.airdrop(prizeAccountOf(app.context(), drop.collectionId), PRIZE_FUNDED);
      key = await app.createKey({ keyClass: "live", collections: ["dash-drop", "dash-other"] });
      for (const name of ["a", "b", "c", "d"] as const) wallets[name] = await fundedWallet(app);
      wallets.e = await fundedWallet(app, 0n);
      await giveTokens(app, token, "spl-token", [{ owner: wallets.b.publicKey, amount: 100n * DUSD }]);
      await prisma().collection.update({
        where: { id: drop.collectionId },
        data: { creatorWallet: creatorWallet.publicKey.toBase58() },
      });
      creator = await studioCaller(creatorWallet);

      // The sale: a three mints, b one in SOL and one in the token, c one with a free-mint code.
      for (let i = 0; i < 3; i++) await mint(drop, drop.phaseId, wallets.a);
      await mint(drop, drop.phaseId, wallets.b);
      await mint(drop, tokenPhaseId, wallets.b);
      await mint(drop, drop.phaseId, wallets.c, { claimCode: "dash-free" });
      // d prepares and lets the session expire: its late execute is refused SESSION_EXPIRED.
      const late = await prepared(drop, drop.phaseId, wallets.d);
      expiredSessions.push(late.sessions[0]!.sessionId);
      await prisma().mintSession.update({
        where: { id: late.sessions[0]!.sessionId },
        data: { expiresAt: new Date(Date.now() - 1_000) },
      });
      const refused = await execute(
        late.sessions[0]!.sessionId,
        signPrepared(late.transactions[0]!.transaction, wallets.d),
      );
      expect(refused.body).toMatchObject({ success: false, code: "SESSION_EXPIRED" });
      // e has no SOL: prepare refuses it twice.
      for (let i = 0; i < 2; i++) {
        const poor = await prepare(drop, drop.phaseId, wallets.e);
        expect(poor.body).toMatchObject({ success: false, code: "INSUFFICIENT_BALANCE" });
      }
      // Another drop's sale and refusal, which must not show.
      await mint(other, other.phaseId, wallets.d);
      expect((await prepare(other, other.phaseId, wallets.e)).body).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    });
    afterAll(() => app?.close());

    async function dashboard(): Promise<DropDashboardView> {
      const response = await dashboardOf(creator, drop.collectionId);
      expect(response.status, response.text).toBe(200);
      return dropDashboardResponseSchema.strict().parse(response.body);
    }

    it("buckets the mints per minute as they landed, with empty minutes as 0", async () => {
      const view = await dashboard();
      const rows = await prisma().mint.findMany({ where: { collectionId: drop.collectionId } });
      expect(rows).toHaveLength(landed.length);
      // Each mint was recorded while its execute call ran.
      for (const row of rows) {
        const call = landed.find(
          (l) => l.wallet === row.walletAddress && l.before <= row.mintedAt && row.mintedAt <= l.after,
        );
        expect(call, `mint at ${row.mintedAt.toISOString()}`).toBeDefined();
      }
      const expected = new Map<string, number>();
      for (const row of rows) {
        const minute = minuteOf(row.mintedAt).toISOString();
        expected.set(minute, (expected.get(minute) ?? 0) + 1);
      }
      const series = view.mintsPerMinute;
      expect(series.length).toBeGreaterThanOrEqual(60);
      for (let i = 1; i < series.length; i++)
        expect(Date.parse(series[i]!.minute) - Date.parse(series[i - 1]!.minute)).toBe(60_000);
      expect(series.at(-1)!.minute).toBe(minuteOf(new Date(view.generatedAt)).toISOString());
      const nonZero = new Map(series.filter((p) => p.count > 0).map((p) => [p.minute, p.count]));
      expect(nonZero).toEqual(expected);
      expect(view.drop).toMatchObject({ id: drop.collectionId, shortId: "dash-drop", totalSupply: 12, minted: 6 });
    });

    it("adds revenue up per phase and currency, and sold against each phase's supply", async () => {
      const view = await dashboard();
      const [solPhase, tokenPhase] = view.phases;
      expect(solPhase).toMatchObject({
        id: drop.phaseId,
        currency: "SOL",
        supply: null,
        sold: 5,
        revenue: [
          {
            currency: "SOL",
            decimals: 9,
            mints: 5,
            proceedsRaw: String(4n * SOL_PRICE),
            feesRaw: String(4n * SOL_FEE),
          },
        ],
        proceeds: { treasuryAddress: drop.treasury, currencyMint: null },
        platformFee: { lamportsPerNft: String(SOL_FEE), tokenBps: null },
      });
      expect(tokenPhase).toMatchObject({
        id: tokenPhaseId,
        currency: "DUSD",
        supply: 3,
        sold: 1,
        revenue: [
          { currency: "DUSD", decimals: 6, mints: 1, proceedsRaw: String(TOKEN_PRICE), feesRaw: String(TOKEN_FEE) },
        ],
        proceeds: { treasuryAddress: drop.treasury, currencyMint: token },
        platformFee: { lamportsPerNft: null, tokenBps: 100 },
      });
      expect(view.revenue).toEqual([
        { currency: "DUSD", decimals: 6, mints: 1, proceedsRaw: String(TOKEN_PRICE), feesRaw: String(TOKEN_FEE) },
        { currency: "SOL", decimals: 9, mints: 5, proceedsRaw: String(4n * SOL_PRICE), feesRaw: String(4n * SOL_FEE) },
      ]);
      // The treasury really received what the dashboard says (SOL; the token went to its token account).
      expect(await app.runtime.chain.getBalance(drop.treasury)).toBe(4n * SOL_PRICE);
    });

    it("counts unique holders and minters, ranks the top minters and counts code redemptions", async () => {
      const view = await dashboard();
      const [a, b, c] = (["a", "b", "c"] as const).map((n) => wallets[n].publicKey.toBase58());
      expect(view.uniqueHolders).toBe(3);
      expect(view.uniqueMinters).toBe(3);
      expect(view.topMinters).toEqual([
        { walletAddress: a, mints: 3 },
        { walletAddress: b, mints: 2 },
        { walletAddress: c, mints: 1 },
      ]);
      expect(view.claimCodes).toEqual({
        redemptions: 1,
        batches: [{ id: expect.any(String), name: "Friends", grantType: "free_mint", codes: 2, uses: 1 }],
      });
    });

    it("shows the funnel from prepare to landed, the expired session and the refusals by code", async () => {
      const view = await dashboard();
      expect(view.funnel).toEqual({
        prepared: 7,
        executed: 6,
        landed: 6,
        expired: 1,
        failed: 0,
        superseded: 0,
        open: 0,
        refused: [
          { stage: "prepare", code: "INSUFFICIENT_BALANCE", count: 2 },
          { stage: "execute", code: "SESSION_EXPIRED", count: 1 },
        ],
        refusedTotal: 3,
      });
      expect(await prisma().mintSession.findUniqueOrThrow({ where: { id: expiredSessions[0]! } })).toMatchObject({
        status: "expired",
      });
    });

    it("says where the money goes: treasury, platform fee, and the prize account with what to fund", async () => {
      const view = await dashboard();
      expect(view.money).toEqual({
        treasuryAddress: drop.treasury,
        platformFeeAccount: app.runtime.keys.platformFeeAccount.toBase58(),
        prizeAccount: {
          address: prizeAccountOf(app.context(), drop.collectionId),
          lamports: String(PRIZE_FUNDED),
          funding: [
            {
              address: "So11111111111111111111111111111111111111112",
              symbol: "SOL",
              decimals: 9,
              neededRaw: String(PRIZE),
              heldRaw: String(PRIZE_FUNDED),
              shortfallRaw: String(PRIZE - PRIZE_FUNDED),
            },
          ],
          freeMintPrizes: 0,
          nftPrizes: 0,
        },
      });
    });

    it("exports the mints as CSV, one row per landed mint, oldest first", async () => {
      const response = await mintsCsvOf(creator, drop.collectionId);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      const lines = response.text.trimEnd().split("\r\n");
      expect(lines[0]).toBe(MINTS_CSV_COLUMNS.join(","));
      const rows = lines
        .slice(1)
        .map((line) => Object.fromEntries(line.split(",").map((v, i) => [MINTS_CSV_COLUMNS[i], v])));
      expect(rows).toHaveLength(6);
      const nfts = await prisma().nft.findMany({ where: { collectionId: drop.collectionId, status: "minted" } });
      expect(rows.map((r) => r.wallet)).toEqual(landed.map((l) => l.wallet));
      expect(rows.map((r) => [r.phase, r.kind, r.currency, r.price_paid_raw, r.platform_fee_raw])).toEqual([
        ...Array(3).fill(["Public", "paid", "SOL", String(SOL_PRICE), String(SOL_FEE)]),
        ["Public", "paid", "SOL", String(SOL_PRICE), String(SOL_FEE)],
        ["Token", "paid", "DUSD", String(TOKEN_PRICE), String(TOKEN_FEE)],
        ["Public", "claim_code", "SOL", "0", "0"],
      ]);
      expect(new Set(rows.map((r) => r.mint_address))).toEqual(new Set(nfts.map((n) => n.mintAddress)));
      for (const row of rows) expect(Date.parse(row.minted_at!)).not.toBeNaN();
    });
  });
}
