// Hostile text and amounts that used to reach the database or the chain and answer 500:
// control characters (NUL first: PostgreSQL refuses it in text) in every text input, and
// faucet requests the chain refuses. Each is now a 400 envelope with a stable code.
// Table-driven, on PGlite and PostgreSQL.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../helpers/databases";
import { errorBodySchema } from "../helpers/error-body";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

const site = { origin: TEST_SITE_ORIGIN };
const CONTROL = ["%00", "%00%00%00", "ab%00cd", "%0A", "%1B", "%7F", "%C2%85"];

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`hostile text on ${target.name}`, () => {
    let app: TestApp;
    let spritesId: string;
    let phaseId: string;
    beforeAll(async () => {
      app = await startTestApp(target, { env: { RATE_LIMIT_MINTS_PER_MINUTE: "100000" } });
      const sprites = await app.runtime.database.prisma.collection.findUniqueOrThrow({
        where: { shortId: "sprites" },
        include: { phases: true },
      });
      spritesId = sprites.id;
      phaseId = sprites.phases.find((p) => p.name === "Public")!.id;
    });
    afterAll(() => app?.close());

    const wallet = Keypair.generate().publicKey.toBase58();
    const queries = (value: string) => [
      `/api/v1/collections/sprites/all-minted?search=a${value}b`,
      `/api/public/collections/search?q=ab${value}cd`,
      `/api/public/collections?blockchain=a${value}b`,
      `/api/v1/collections/sprites/claim-codes/benefits/${wallet}?blockchain=a${value}b`,
      `/api/v1/collections/sprites/claim-codes/benefits/${wallet}?packTierId=a${value}b`,
      `/api/public/nft/ab${value}cd`,
      `/api/v1/collections/sprites${value}`,
    ];

    // Inside the text: surrounding white space is trimmed, not refused.
    it.each(CONTROL)("refuses %s in query strings and paths with 400 INVALID_REQUEST", async (value) => {
      for (const url of queries(value)) {
        const response = await callJson("GET", url, { headers: site });
        expect(response.status, `${url}: ${response.text}`).toBe(400);
        expect(errorBodySchema.parse(response.body).code, url).toBe("INVALID_REQUEST");
      }
    });

    it.each(["\u0000ABCDEF", "ABC\u0000DEF", "ABCD\nEF", "ABCD\u001bEF"])(
      "refuses a claim code with control characters (%j) in validate and prepare",
      async (code) => {
        const validate = await callJson("POST", "/api/v1/collections/sprites/claim-codes/validate", {
          headers: site,
          body: { code },
        });
        expect([validate.status, errorBodySchema.parse(validate.body).code]).toEqual([400, "INVALID_REQUEST"]);
        const publicValidate = await callJson("POST", "/api/public/code/validate", {
          headers: site,
          body: { collection: "sprites", code },
        });
        expect([publicValidate.status, errorBodySchema.parse(publicValidate.body).code]).toEqual([
          400,
          "INVALID_REQUEST",
        ]);
        const prepare = await callJson("POST", "/api/v1/prepare-mint", {
          headers: site,
          body: { collectionId: spritesId, phaseId, walletAddress: wallet, quantity: 1, claimCode: code },
        });
        expect([prepare.status, errorBodySchema.parse(prepare.body).code]).toEqual([400, "INVALID_REQUEST"]);
      },
    );

    it("answers the faucet's boundary amounts and refused addresses with 400, and still funds a wallet", async () => {
      const address = Keypair.generate().publicKey.toBase58();
      const refused: Array<Record<string, unknown>> = [
        { address, sol: 0 },
        { address, sol: -1 },
        { address, sol: 1e-10 },
        { address, sol: 0.0000000001 },
        { address, sol: 10.000000001 },
        { address, sol: 1e308 },
        { address, sol: "1" },
        { address, sol: null },
        { address: "11111111111111111111111111111111", sol: 1 },
        { address: "SysvarRent111111111111111111111111111111111", sol: 1 },
        { address: "SysvarC1ock11111111111111111111111111111111", sol: 0.5 },
        { address, sol: 0.000000001 }, // a new account cannot hold a single lamport: below rent exemption
      ];
      for (const body of refused) {
        const response = await callJson("POST", "/api/localnet/faucet", { body });
        expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(400);
        expect(errorBodySchema.parse(response.body).code).toBe("INVALID_REQUEST");
      }
      for (const sol of [10, 0.000000001]) {
        const funded = await callJson("POST", "/api/localnet/faucet", { body: { address, sol } });
        expect(funded.status, funded.text).toBe(200);
      }
      expect(await app.runtime.chain.getBalance(address)).toBe(10_000_000_001n);
    });
  });
}
