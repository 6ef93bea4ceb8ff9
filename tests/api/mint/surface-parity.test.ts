// Issue 22, item 4: `capabilities.supportedBySurface` is false exactly when prepare-mint
// refuses the drop with MINT_NOT_SUPPORTED_BY_SURFACE. A matrix of drops, each read through
// GET /api/v1/collections/{id} and prepared for a funded wallet, on the real chain (token
// mints with real Token-2022 extensions) and on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import {
  createExtensionToken,
  createFixtureDrop,
  createTestToken,
  fundedWallet,
  giveTokens,
  type FixtureDrop,
} from "./fixtures";

const DUSD = 1_000_000n;

/** The mints the matrix pays in: created once per app. */
type Mints = { spl: string; t22: string; transferFee: string; nonTransferable: string };

type Case = {
  name: string;
  /** What the v1 flow should say: minted here (true) or sent to the hosted page (false). */
  supported: boolean;
  /** Turns a fresh fixture drop (a launched drop with one active fixed SOL phase) into the case. */
  arrange: (app: TestApp, drop: FixtureDrop, mints: Mints) => Promise<unknown>;
};

const phaseData = (app: TestApp, drop: FixtureDrop, data: Record<string, unknown>) =>
  app.runtime.database.prisma.phase.update({ where: { id: drop.phaseId }, data });
const collectionData = (app: TestApp, drop: FixtureDrop, data: Record<string, unknown>) =>
  app.runtime.database.prisma.collection.update({ where: { id: drop.collectionId }, data });
const inToken = (mint: string, decimals = 6) => ({
  currency: "DUSD",
  currencyDecimals: decimals,
  currencyMint: mint,
  price: 2n * DUSD,
});

const CASES: Case[] = [
  { name: "a normal drop", supported: true, arrange: async () => {} },
  {
    // Derived, never stored: the legacy column (written by the seed) is read by nothing.
    name: "a normal drop whose stored supportedBySurface column says false",
    supported: true,
    arrange: (app, drop) => collectionData(app, drop, { supportedBySurface: false }),
  },
  {
    name: "no collection address",
    supported: false,
    arrange: (app, drop) => collectionData(app, drop, { collectionAddress: null }),
  },
  {
    name: "not launched",
    supported: false,
    arrange: (app, drop) => collectionData(app, drop, { launchStatus: "coming_soon" }),
  },
  {
    name: "a supported SPL token payment",
    supported: true,
    arrange: (app, drop, mints) => phaseData(app, drop, inToken(mints.spl)),
  },
  {
    name: "a supported Token-2022 payment (no extensions)",
    supported: true,
    arrange: (app, drop, mints) => phaseData(app, drop, inToken(mints.t22)),
  },
  {
    name: "a Token-2022 payment with a transfer fee",
    supported: false,
    arrange: (app, drop, mints) => phaseData(app, drop, inToken(mints.transferFee)),
  },
  {
    name: "a non-transferable Token-2022 payment",
    supported: false,
    arrange: (app, drop, mints) => phaseData(app, drop, inToken(mints.nonTransferable)),
  },
  {
    name: "a token whose mint is missing on chain",
    supported: false,
    arrange: (app, drop) => phaseData(app, drop, inToken(Keypair.generate().publicKey.toBase58())),
  },
  {
    name: "a token whose mint address is not an address",
    supported: false,
    arrange: (app, drop) => phaseData(app, drop, inToken("not-a-mint-address")),
  },
  {
    name: "a token whose mint has other decimals than the price",
    supported: false,
    arrange: (app, drop, mints) => phaseData(app, drop, inToken(mints.spl, 9)),
  },
  {
    name: "a later phase paid in a transfer-fee token (the drop is refused as a whole)",
    supported: false,
    arrange: (app, drop, mints) =>
      app.runtime.database.prisma.phase.create({
        data: {
          collectionId: drop.collectionId,
          name: "Later",
          startDate: new Date(Date.now() + 86_400_000),
          priceModel: "fixed",
          ...inToken(mints.transferFee),
        },
      }),
  },
  {
    name: "a price in a token with no mint address",
    supported: false,
    arrange: (app, drop) => phaseData(app, drop, { currency: "USDC", currencyDecimals: 6 }),
  },
  {
    name: "broken pegged price settings",
    supported: false,
    arrange: (app, drop) => phaseData(app, drop, { priceModel: "pegged", pegConfig: {} }),
  },
  {
    name: "broken dutch price settings",
    supported: false,
    arrange: (app, drop) => phaseData(app, drop, { priceModel: "dutch" }),
  },
  {
    name: "a fair drop with a range phase",
    supported: false,
    arrange: async (app, drop) => {
      await phaseData(app, drop, { priceModel: "range", priceMax: 3_000_000n });
      await collectionData(app, drop, { fairCommitment: "ab".repeat(32) });
    },
  },
  {
    name: "a drop where the buyer selects the NFT",
    supported: false,
    arrange: (app, drop) => collectionData(app, drop, { requiresFeatures: ["nft_selection"] }),
  },
];

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`capabilities.supportedBySurface and prepare agree on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let wallet: Keypair;
    const drops = new Map<string, FixtureDrop>();

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      const mints: Mints = {
        spl: await createTestToken(app, { program: "spl-token", decimals: 6 }),
        t22: await createTestToken(app, { program: "token-2022", decimals: 6 }),
        transferFee: await createExtensionToken(app, "transfer-fee"),
        nonTransferable: await createExtensionToken(app, "non-transferable"),
      };
      wallet = await fundedWallet(app);
      await giveTokens(app, mints.spl, "spl-token", [{ owner: wallet.publicKey, amount: 100n * DUSD }]);
      await giveTokens(app, mints.t22, "token-2022", [{ owner: wallet.publicKey, amount: 100n * DUSD }]);
      for (const [i, c] of CASES.entries()) {
        const drop = await createFixtureDrop(app, { shortId: `parity-${i}`, price: 1_000_000n, supply: 3 });
        await c.arrange(app, drop, mints);
        drops.set(c.name, drop);
      }
      key = await app.createKey({ keyClass: "live", collections: [...drops.values()].map((d) => d.shortId) });
    });
    afterAll(() => app?.close());

    for (const c of CASES) {
      it(`${c.name}: supportedBySurface ${c.supported}, and prepare ${c.supported ? "does not refuse it" : "refuses it"}`, async () => {
        const drop = drops.get(c.name)!;
        const headers = { "x-api-key": key };
        const read = await callJson("GET", `/api/v1/collections/${drop.shortId}`, { headers });
        expect(read.status, read.text).toBe(200);
        const { capabilities } = collectionResponseSchema.parse(read.body);
        const prepared = await callJson("POST", "/api/v1/prepare-mint", {
          headers,
          body: {
            collectionId: drop.collectionId,
            phaseId: drop.phaseId,
            walletAddress: wallet.publicKey.toBase58(),
            quantity: 1,
          },
        });
        const refusedBySurface =
          prepared.status !== 200 && errorBodySchema.parse(prepared.body).code === "MINT_NOT_SUPPORTED_BY_SURFACE";
        // The parity the spec promises, then the answer this case should get.
        expect(capabilities.supportedBySurface, prepared.text).toBe(!refusedBySurface);
        expect(capabilities.supportedBySurface).toBe(c.supported);
        if (c.supported) expect(prepared.status, prepared.text).toBe(200);
      });
    }
  });
}
