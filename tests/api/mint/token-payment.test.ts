// Prices in a token (issue 22, item 1): a phase priced in an SPL token or a Token-2022 token
// is charged in that token, not in lamports. The buyer pays its price to the creator's token
// account (created in the mint transaction when missing, by the buyer) and the platform fee
// to the platform's, inside the transaction the server signs last; its token balance is
// checked at prepare counting its other live sessions; execute refuses a transaction whose
// token transfer was changed. Real chain (litesvm), real keypairs, PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, PublicKey, Transaction } from "@solana/web3.js";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { executeMintResultSchema, preparedMintResponseSchema } from "@/lib/schemas/mint";
import type { TokenProgram } from "@/lib/chain";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import {
  createExtensionToken,
  createFixtureDrop,
  createTestToken,
  decodePrepared,
  fundedWallet,
  giveTokens,
  signAnyway,
  signPrepared,
  tokenBalance,
  type FixtureDrop,
} from "./fixtures";

const DUSD = 1_000_000n; // one whole token of 6 decimals
const PRICE = 12n * DUSD;
const FEE = PRICE / 100n; // PLATFORM_FEE_TOKEN_BPS=100

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`prices in a token on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    const mints: Record<TokenProgram, string> = { "spl-token": "", "token-2022": "" };
    let feeToken = "";
    const drops: Record<string, FixtureDrop> = {};

    /** A fixed-price (or pegged) phase in the token, as `npm run drop` would record it. */
    async function tokenDrop(shortId: string, program: TokenProgram, pegged = false): Promise<FixtureDrop> {
      const drop = await createFixtureDrop(app, { shortId, price: PRICE, supply: 6 });
      await app.runtime.database.prisma.phase.update({
        where: { id: drop.phaseId },
        data: {
          currency: "DUSD",
          currencyDecimals: 6,
          currencyMint: mints[program],
          ...(pegged ? { priceModel: "pegged", price: 0n, pegConfig: { pegMode: "usd", target: 12 } } : {}),
        },
      });
      return drop;
    }

    const prepare = (drop: FixtureDrop, wallet: Keypair) =>
      callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
        },
      });
    const execute = (sessionId: string, signedTransaction: string) =>
      callJson("POST", "/api/v1/execute-mint", {
        headers: { "x-api-key": key },
        body: { sessionId, signedTransaction },
      });

    /** A wallet with SOL for the network's share and `tokens` raw units of the token. */
    async function buyer(program: TokenProgram, tokens: bigint): Promise<Keypair> {
      const wallet = await fundedWallet(app);
      if (tokens > 0n) await giveTokens(app, mints[program], program, [{ owner: wallet.publicKey, amount: tokens }]);
      return wallet;
    }

    beforeAll(async () => {
      app = await startTestApp(target, {
        seed: false,
        env: { STATIC_TOKEN_PRICES: '{"SOL":150,"DUSD":1}', PLATFORM_FEE_TOKEN_BPS: "100" },
      });
      mints["spl-token"] = await createTestToken(app, { program: "spl-token", decimals: 6 });
      mints["token-2022"] = await createTestToken(app, { program: "token-2022", decimals: 6 });
      drops.spl = await tokenDrop("token-spl", "spl-token");
      drops.spl2 = await tokenDrop("token-spl-2", "spl-token");
      drops.t22 = await tokenDrop("token-t22", "token-2022");
      // Its own drop: its honest mint creates a treasury token account the spl test expects missing.
      drops.tamper = await tokenDrop("token-tamper", "spl-token");
      drops.pegged = await tokenDrop("token-pegged", "spl-token", true);
      feeToken = await createExtensionToken(app, "transfer-fee");
      drops.feeToken = await createFixtureDrop(app, { shortId: "token-fee", price: PRICE, supply: 2 });
      await app.runtime.database.prisma.phase.update({
        where: { id: drops.feeToken.phaseId },
        data: { currency: "FEE", currencyDecimals: 6, currencyMint: feeToken },
      });
      // The bug this fixes: a SOL phase pegged to USDC was shown as 12 USDC and charged in lamports.
      drops.wrongPeg = await createFixtureDrop(app, { shortId: "token-wrong-peg", price: 0n, supply: 2 });
      await app.runtime.database.prisma.phase.update({
        where: { id: drops.wrongPeg.phaseId },
        data: { priceModel: "pegged", pegConfig: { pegMode: "usd", target: 12, tokenSymbol: "USDC" } },
      });
      key = await app.createKey({ keyClass: "live", collections: Object.values(drops).map((d) => d.shortId) });
      expect(feeToken).not.toBe("");
    });
    afterAll(() => app?.close());

    for (const [program, dropKey] of [
      ["spl-token", "spl"],
      ["token-2022", "t22"],
    ] as const) {
      it(`charges a ${program} price in the token, creating the creator's token account`, async () => {
        const drop = drops[dropKey]!;
        const mint = mints[program];
        const programId = program === "spl-token" ? TOKEN_PROGRAM_ID : TOKEN_2022_PROGRAM_ID;
        const treasuryAccount = getAssociatedTokenAddressSync(
          new PublicKey(mint),
          new PublicKey(drop.treasury),
          true,
          programId,
        );
        expect(await app.runtime.chain.getAccountInfo(treasuryAccount.toBase58())).toBeNull();
        const wallet = await buyer(program, 30n * DUSD);
        const solBefore = await app.runtime.chain.getBalance(wallet.publicKey.toBase58());

        const response = await prepare(drop, wallet);
        expect(response.status, response.text).toBe(200);
        const { pricing, sessions, transactions } = preparedMintResponseSchema.parse(response.body);
        expect(pricing).toMatchObject({
          currency: "DUSD",
          currencyDecimals: 6,
          currencyMint: mint,
          unitPrice: 12,
          unitPriceRaw: Number(PRICE),
          platformFeeRaw: Number(FEE),
          totalRaw: Number(PRICE + FEE),
          total: 12.12,
          // In SOL: only the network's share.
          walletDebitRaw: pricing.networkCostRaw,
        });

        const executed = await execute(sessions[0]!.sessionId, signPrepared(transactions[0]!.transaction, wallet));
        expect(executed.status, executed.text).toBe(200);
        expect(executeMintResultSchema.parse(executed.body)).toMatchObject({
          minted: 1,
          totalCost: 12.12,
          currency: "DUSD",
        });
        expect(await tokenBalance(app, drop.treasury, mint)).toBe(PRICE);
        expect(await tokenBalance(app, wallet.publicKey.toBase58(), mint)).toBe(30n * DUSD - PRICE - FEE);
        // The treasury received no lamports; the wallet spent SOL on rent and fees only.
        expect(await app.runtime.chain.getBalance(drop.treasury)).toBe(0n);
        const solSpent = solBefore - (await app.runtime.chain.getBalance(wallet.publicKey.toBase58()));
        expect(solSpent).toBeLessThan(50_000_000n);
      });
    }

    it("charges a pegged phase's quote in its token (12 USD at 1 USD per DUSD is 12 DUSD)", async () => {
      const wallet = await buyer("spl-token", 13n * DUSD);
      const response = await prepare(drops.pegged!, wallet);
      expect(response.status, response.text).toBe(200);
      const { pricing, sessions, transactions } = preparedMintResponseSchema.parse(response.body);
      expect(pricing).toMatchObject({ currency: "DUSD", priceModel: "pegged", unitPriceRaw: Number(PRICE) });
      const executed = await execute(sessions[0]!.sessionId, signPrepared(transactions[0]!.transaction, wallet));
      expect(executed.status, executed.text).toBe(200);
      expect(await tokenBalance(app, drops.pegged!.treasury, mints["spl-token"])).toBe(PRICE);
    });

    it("refuses a SOL phase pegged to another token instead of charging the peg's amount in lamports", async () => {
      const wallet = await fundedWallet(app);
      const response = await prepare(drops.wrongPeg!, wallet);
      expect(response.status).toBe(409);
      expect(errorBodySchema.parse(response.body).code).toBe("MINT_NOT_SUPPORTED_BY_SURFACE");
    });

    it("refuses a Token-2022 token with a transfer fee, which would pay the creator less than the price", async () => {
      const wallet = await fundedWallet(app);
      const response = await prepare(drops.feeToken!, wallet);
      expect(response.status).toBe(409);
      const body = errorBodySchema.parse(response.body);
      expect(body.code).toBe("MINT_NOT_SUPPORTED_BY_SURFACE");
      expect(body.error).toMatch(/TransferFeeConfig/);
    });

    it("refuses INSUFFICIENT_BALANCE when the token balance, less the wallet's other live sessions, cannot pay", async () => {
      const broke = await buyer("spl-token", PRICE); // the price, not the fee
      const refused = await prepare(drops.spl2!, broke);
      expect(refused.status).toBe(402);
      expect(errorBodySchema.parse(refused.body).code).toBe("INSUFFICIENT_BALANCE");

      // Enough for one mint: the first prepare holds it, so a second one in another drop is refused.
      const wallet = await buyer("spl-token", 20n * DUSD);
      const first = await prepare(drops.spl!, wallet);
      expect(first.status, first.text).toBe(200);
      const second = await prepare(drops.spl2!, wallet);
      expect(second.status, second.text).toBe(402);
      expect(errorBodySchema.parse(second.body).code).toBe("INSUFFICIENT_BALANCE");
      const prisma = app.runtime.database.prisma;
      const held = { walletAddress: wallet.publicKey.toBase58(), collectionId: drops.spl2!.collectionId };
      expect(await prisma.mintSession.count({ where: held })).toBe(0);
      // An unsigned session another caller prepared in the wallet's name does not count against it.
      const stranger = await app.createKey({ keyClass: "live", collections: [drops.spl2!.shortId] });
      const byStranger = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": stranger },
        body: {
          collectionId: drops.spl2!.collectionId,
          phaseId: drops.spl2!.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
        },
      });
      expect(byStranger.status, byStranger.text).toBe(200);
      // With enough for both, the second one is prepared.
      await giveTokens(app, mints["spl-token"], "spl-token", [{ owner: wallet.publicKey, amount: 5n * DUSD }]);
      expect((await prepare(drops.spl2!, wallet)).status).toBe(200);
    });

    it("refuses at execute a transaction whose token transfer was changed, and sends nothing", async () => {
      const drop = drops.tamper!;
      const wallet = await buyer("spl-token", 30n * DUSD);
      const response = await prepare(drop, wallet);
      expect(response.status, response.text).toBe(200);
      const { sessions, transactions } = preparedMintResponseSchema.parse(response.body);
      const sessionId = sessions[0]!.sessionId;
      const thief = Keypair.generate().publicKey;
      const tamperings: Array<(tx: Transaction) => void> = [
        // One token unit instead of the price.
        (tx) => transferTo(tx).data.writeBigUInt64LE(1n, 1),
        // The price to another token account.
        (tx) => {
          transferTo(tx).keys[2]!.pubkey = getAssociatedTokenAddressSync(new PublicKey(mints["spl-token"]), thief);
        },
      ];
      for (const tamper of tamperings) {
        const transaction = decodePrepared(transactions[0]!.transaction);
        tamper(transaction);
        const refused = await execute(sessionId, signAnyway(transaction, wallet));
        expect(refused.status).toBe(400);
        expect(errorBodySchema.parse(refused.body).code).toBe("TRANSACTION_MISMATCH");
      }
      expect(await tokenBalance(app, wallet.publicKey.toBase58(), mints["spl-token"])).toBe(30n * DUSD);
      // The session is untouched: the honest transaction still mints.
      const honest = await execute(sessionId, signPrepared(transactions[0]!.transaction, wallet));
      expect(honest.status, honest.text).toBe(200);
    });
  });
}

/** The first token transfer (TransferChecked) instruction of a transaction. */
function transferTo(transaction: Transaction) {
  const ix = transaction.instructions.find(
    (i) => (i.programId.equals(TOKEN_PROGRAM_ID) || i.programId.equals(TOKEN_2022_PROGRAM_ID)) && i.data[0] === 12,
  );
  if (!ix) throw new Error("no token transfer in the transaction");
  return ix;
}
