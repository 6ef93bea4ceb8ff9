// The browser client against the real route handlers (in-process, through a fetch that
// dispatches to them), a real database with the demo drops and the embedded chain: what the
// site's pages get, parsed by the wire schemas, and the full mint flow driven by the client.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDropmintClient } from "@/lib/client/api-client";
import { createSiteClient, type SiteClient } from "@/lib/client/site-client";
import { describeError } from "@/lib/client/error-messages";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { allMintedResponseSchema } from "@/lib/schemas/minted-items";
import { claimCodeCheckResponseSchema } from "@/lib/schemas/claim-codes";
import {
  executeMintBatchResponseSchema,
  executeMintResultSchema,
  preparedMintResponseSchema,
} from "@/lib/schemas/mint";
import { searchCollectionsResponseSchema } from "@/lib/schemas/discovery";
import { eligibilityResponseSchema } from "@/lib/schemas/eligibility";
import { walletMintsResponseSchema } from "@/lib/schemas/wallet-mints";
import { rootResponseSchema } from "@/lib/schemas/root";
import { tokenPricesResponseSchema } from "@/lib/schemas/token-prices";
import { dutchPriceResponseSchema } from "@/lib/schemas/dutch-price";
import { peggedPriceResponseSchema } from "@/lib/schemas/pegged-price";
import { databaseTargets } from "../helpers/databases";
import { createRouteFetch, type RouteFetchCall } from "../helpers/route-fetch";
import { signText } from "../helpers/wallet-sign-in";
import { signInMessageText } from "@/lib/domain/wallet-sign-in";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { signPrepared } from "./mint/fixtures";
import { rejection } from "../unit/client/scripted-server";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`the browser client against the API on ${target.name}`, () => {
    let app: TestApp;
    let client: SiteClient;
    let calls: RouteFetchCall[];

    beforeAll(async () => {
      // A static SOL price, so a pegged phase can be quoted offline.
      app = await startTestApp(target, { env: { STATIC_TOKEN_PRICES: '{"SOL":150}' } });
      const routeFetch = createRouteFetch();
      calls = routeFetch.calls;
      // As the site's pages build it: same-origin paths, no key. Pacing is the default.
      client = createSiteClient({ fetch: routeFetch.fetch });
    });
    afterAll(() => app?.close());

    it("reads a collection with the server's time, first-party, without a key", async () => {
      const body = collectionResponseSchema.strict().parse(await client.getCollection("sprites"));
      expect(body.collection).toMatchObject({ shortId: "sprites", name: "Solstice Sprites" });
      expect(Math.abs(Date.parse(body.serverTime) - Date.now())).toBeLessThan(60_000);
      expect(body.phases.all.map((p) => p.name)).toEqual(["OG", "Allowlist", "Public"]);
      const call = calls.find((c) => c.url === "/api/v1/collections/sprites")!;
      expect(call.headers.has("x-api-key")).toBe(false);
    });

    it("pages through all-minted until hasMore is false", async () => {
      const tokens: Array<number | null> = [];
      let offset = 0;
      for (let pages = 0; pages < 10; pages++) {
        const page = allMintedResponseSchema.parse(
          await client.getAllMinted("sprites", { limit: 5, offset, sort: "oldest" }),
        );
        expect(page).toMatchObject({ offset, limit: 5, total: 12 });
        tokens.push(...page.nfts.map((n) => n.tokenId));
        if (!page.hasMore) break;
        offset = page.offset + page.nfts.length;
      }
      expect(tokens).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(calls.filter((c) => c.url.startsWith("/api/v1/collections/sprites/all-minted")).map((c) => c.url)).toEqual(
        [
          "/api/v1/collections/sprites/all-minted?limit=5&offset=0&sort=oldest",
          "/api/v1/collections/sprites/all-minted?limit=5&offset=5&sort=oldest",
          "/api/v1/collections/sprites/all-minted?limit=5&offset=10&sort=oldest",
        ],
      );
    });

    it("checks a claim code without consuming it", async () => {
      const free = claimCodeCheckResponseSchema.parse(await client.validateClaimCode("sprites", "sprite-free"));
      expect(free).toMatchObject({ valid: true });
      expect(
        claimCodeCheckResponseSchema.parse(await client.validateClaimCode("sprites", "NO-SUCH-CODE")),
      ).toMatchObject({ valid: false });
      const code = await app.runtime.database.prisma.claimCode.findFirstOrThrow({ where: { code: "SPRITE-FREE" } });
      expect(code.usesCount).toBe(0);
    });

    it("finds drops through the first-party search", async () => {
      const body = searchCollectionsResponseSchema.parse(await client.searchCollections("spri", { limit: 8 }));
      expect(body.collections.map((c) => c.short_id)).toContain("sprites");
    });

    it("turns an error body into a DropmintClientError with the service's code", async () => {
      const error = await rejection(client.getCollection("no-such-drop"));
      expect(error).toMatchObject({ code: "COLLECTION_NOT_FOUND", status: 404 });
      expect(error.details.body).toMatchObject({ success: false, code: "COLLECTION_NOT_FOUND" });
      expect(describeError(error)).toBe("We couldn't find that drop.");
      // A 404 is an answer, not a failure to retry.
      expect(calls.filter((c) => c.url === "/api/v1/collections/no-such-drop")).toHaveLength(1);
    });

    it("sends a partner key when given one, and the key's scope applies", async () => {
      const key = await app.createKey({ keyClass: "live", collections: ["sprites"] });
      const routeFetch = createRouteFetch();
      const partner = createDropmintClient({ fetch: routeFetch.fetch, apiKey: key, pacing: null });
      await expect(partner.getTraits("sprites")).resolves.toMatchObject({ success: true });
      expect((await rejection(partner.getTraits("aurora"))).code).toBe("COLLECTION_NOT_IN_SCOPE");
      expect(routeFetch.calls.map((c) => c.headers.get("x-api-key"))).toEqual([key, key]);
      // Issue 22 item 13: the partner package offers nothing a partner key is refused on (the
      // first-party search, the site's wallet sign-in) or that only a local chain serves.
      for (const call of ["searchCollections", "getWalletSessions", "requestAirdrop", "getLocalBalance"])
        expect(partner, call).not.toHaveProperty(call);
    });

    it("reads the version banner, the token prices and a phase's dutch and pegged prices", async () => {
      expect(rootResponseSchema.parse(await client.getRoot())).toMatchObject({
        version: expect.any(String),
        stability: expect.any(String),
      });
      expect(tokenPricesResponseSchema.parse(await client.getTokenPrices()).prices).toMatchObject({ SOL: 150 });
      const prisma = app.runtime.database.prisma;
      const drop = await prisma.collection.create({
        data: {
          shortId: "client-prices",
          name: "Client prices",
          chain: "solana-localnet",
          treasuryAddress: Keypair.generate().publicKey.toBase58(),
        },
      });
      const started = new Date(Date.now() - 60_000);
      const dutch = await prisma.phase.create({
        data: {
          collectionId: drop.id,
          startDate: started,
          priceModel: "dutch",
          dutchConfig: {
            basePrice: "1000000000",
            floorPrice: "400000000",
            ceilingPrice: "1600000000",
            decayAmount: "100000000",
            decayIntervalMinutes: 10,
            surgePremium: "0",
            surgeThreshold: 3,
            surgeWindowMinutes: 30,
          },
        },
      });
      const pegged = await prisma.phase.create({
        data: {
          collectionId: drop.id,
          startDate: started,
          priceModel: "pegged",
          pegConfig: { pegMode: "usd", target: 30 },
        },
      });
      expect(dutchPriceResponseSchema.parse(await client.getDutchPrice(dutch.id))).toMatchObject({
        price: 1,
        basePrice: 1,
        currency: "SOL",
      });
      expect(peggedPriceResponseSchema.parse(await client.getPeggedPrice(pegged.id))).toMatchObject({
        phaseId: pegged.id,
        tokenAmount: 0.2,
      });
    });

    describe("the mint flow on aurora (free, ungated, 2 per wallet)", () => {
      let collectionId: string;
      let phaseId: string;

      const fundedWallet = async () => {
        const wallet = Keypair.generate();
        const airdrop = await client.requestAirdrop(wallet.publicKey.toBase58(), 1);
        expect(airdrop.lamports).toBe(1_000_000_000);
        expect(await client.getLocalBalance(wallet.publicKey.toBase58())).toMatchObject({ lamports: 1_000_000_000 });
        return wallet;
      };
      /** Sign In With Solana through the client, as the mint panel does: nonce, the wallet signs, sign-in. */
      const signIn = async (wallet: Keypair) => {
        const { success: _success, ...fields } = await client.issueSignInNonce();
        const address = wallet.publicKey.toBase58();
        const message = signInMessageText({ ...fields, address });
        await client.signInWallet({ address, message, signature: signText(wallet, message) });
      };

      beforeAll(async () => {
        const aurora = await client.getCollection("aurora");
        collectionId = aurora.collection.id;
        phaseId = aurora.phases.active[0]!.id;
      });

      it("prepares, signs with the wallet and executes one mint", async () => {
        const wallet = await fundedWallet();
        const walletAddress = wallet.publicKey.toBase58();
        const eligibility = eligibilityResponseSchema.parse(
          await client.getEligibility(collectionId, phaseId, walletAddress),
        );
        expect(eligibility).toMatchObject({
          gated: false,
          meetsRequirements: true,
          address: walletAddress,
          phase: { id: phaseId },
        });

        // Without a key the wallet signs in first, as the mint panel does (issue 21).
        const unproven = await rejection(client.prepareMint({ collectionId, phaseId, walletAddress, quantity: 1 }));
        expect(unproven).toMatchObject({ code: "WALLET_PROOF_REQUIRED", status: 401 });
        await signIn(wallet);
        // The client's cookie jar may hold other tests' wallets (files run in any order).
        expect((await client.getWalletSessions()).wallets.map((w) => w.address)).toContain(walletAddress);
        const prepared = preparedMintResponseSchema.parse(
          await client.prepareMint({ collectionId, phaseId, walletAddress, quantity: 1, walletProvider: "Phantom" }),
        );
        expect(prepared).toMatchObject({ totalQuantity: 1, quantityAdjusted: false });
        const item = {
          sessionId: prepared.sessions[0]!.sessionId,
          signedTransaction: signPrepared(prepared.transactions[0]!.transaction, wallet),
        };

        const result = executeMintResultSchema.parse(await client.executeMint(item));
        expect(result).toMatchObject({ success: true, minted: 1, chainType: "solana" });
        const mintAddress = result.nfts![0]!.mintAddress;
        expect((await app.runtime.chain.getMintOwners([mintAddress])).get(mintAddress)).toBe(walletAddress);

        const mints = walletMintsResponseSchema.parse(await client.getWalletMints(collectionId, walletAddress));
        expect(mints).toMatchObject({ totalMinted: 1, phaseMints: { [phaseId]: { minted: 1, remaining: 1 } } });

        // Submitting the same session again is a clear answer (it landed), not an unknown outcome.
        const again = await rejection(client.executeMint(item));
        expect(again).toMatchObject({ code: "ALREADY_COMPLETED", status: 409 });
        expect(calls.filter((c) => c.url === "/api/v1/execute-mint")).toHaveLength(2);
      });

      it("mints two through the batch call", async () => {
        const wallet = await fundedWallet();
        const walletAddress = wallet.publicKey.toBase58();
        await signIn(wallet);
        const prepared = preparedMintResponseSchema.parse(
          await client.prepareMint({ collectionId, phaseId, walletAddress, quantity: 2 }),
        );
        expect(prepared.sessions).toHaveLength(2);
        const items = prepared.sessions.map((session, i) => ({
          sessionId: session.sessionId,
          signedTransaction: signPrepared(prepared.transactions[i]!.transaction, wallet),
        }));

        const batch = executeMintBatchResponseSchema.parse(await client.executeMintBatch(items));
        expect(batch).toMatchObject({
          success: true,
          totalMinted: 2,
          successfulTransactions: 2,
          failedTransactions: 0,
        });
        expect(batch.results.map((r) => r.sessionId)).toEqual(items.map((i) => i.sessionId));
        expect(batch.results.every((r) => r.success && !r.pending)).toBe(true);

        const mints = walletMintsResponseSchema.parse(await client.getWalletMints("aurora", walletAddress));
        expect(mints).toMatchObject({ totalMinted: 2, phaseMints: { [phaseId]: { minted: 2, remaining: 0 } } });
        // The wallet is at its limit now: a clear refusal with its own code and sentence.
        const refused = await rejection(client.prepareMint({ collectionId, phaseId, walletAddress, quantity: 1 }));
        expect(refused.code).toBe("WALLET_LIMIT_REACHED");
        expect(describeError(refused)).toBe("This wallet has minted as many as this phase allows.");
      });
    });
  });
}
