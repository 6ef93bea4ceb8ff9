// Issue 22 item 11: prize accounts survive a rotation of the mint-signing secret. They are
// derived from a secret of their own (PRIZE_ACCOUNT_SECRET, or on localnet the one kept in
// DATA_DIR), so a new mint authority or MINT_KEY_SECRET moves no prize account: every drop's
// address, its balance and what bounty-prizes answers stay the same. The seeded demo drops'
// prize accounts (funded at seeding) are the creators' money in question.
import { randomBytes } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerKeys } from "@/lib/chain";
import { parseConfig } from "@/lib/config";
import { bountyPrizesResponseSchema } from "@/lib/schemas/bounties";
import { installRuntime, serviceContextOf } from "@/lib/server/runtime";
import { prizeAccountOf } from "@/lib/services/bounty-payouts";
import { databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`prize accounts across a key rotation on ${target.name}`, () => {
    let app: TestApp;
    let collectionIds: string[];

    /** Every drop's prize account and balance under the runtime's keys (or the given ones). */
    const prizeAccounts = async (keys = app.runtime.keys) => {
      const ctx = { ...serviceContextOf(app.runtime), keys };
      return Promise.all(
        collectionIds.map(async (id) => {
          const address = prizeAccountOf(ctx, id);
          return { id, address, balance: await app.runtime.chain.getBalance(address) };
        }),
      );
    };
    /** The configuration after the operator rotated the signing keys (same data folder). */
    const rotated = (env: Record<string, string> = {}) =>
      parseConfig({
        ...env,
        DATA_DIR: app.runtime.config.dataDir,
        MINT_AUTHORITY_SECRET_KEY: JSON.stringify([...Keypair.generate().secretKey]),
        MINT_KEY_SECRET: hex(32),
      });

    beforeAll(async () => {
      app = await startTestApp(target);
      collectionIds = (await app.runtime.database.prisma.collection.findMany({ select: { id: true } })).map(
        (c) => c.id,
      );
    });
    afterAll(async () => {
      installRuntime(app.runtime);
      await app?.close();
    });

    it("keeps every prize account and its balance when the mint authority and MINT_KEY_SECRET rotate", async () => {
      const before = await prizeAccounts();
      // The demo drops' bounties were funded at seeding: some balances are not zero.
      expect(before.some((account) => account.balance > 0n)).toBe(true);

      const config = rotated();
      const keys = loadServerKeys(config);
      expect(keys.mintKeySecret).not.toEqual(app.runtime.keys.mintKeySecret);
      expect(keys.mintAuthority.publicKey.equals(app.runtime.keys.mintAuthority.publicKey)).toBe(false);
      expect(await prizeAccounts(keys)).toEqual(before);

      // What partners and creators read names the same account after the rotation.
      const letters = await app.runtime.database.prisma.collection.findUniqueOrThrow({ where: { shortId: "letters" } });
      const key = await app.createKey({ keyClass: "live", collections: ["letters"] });
      installRuntime({ ...app.runtime, config, keys });
      try {
        const prizes = await callJson("GET", "/api/v1/collections/letters/bounty-prizes", {
          headers: { "x-api-key": key },
        });
        expect(bountyPrizesResponseSchema.parse(prizes.body)).toMatchObject({
          prize_account: before.find((account) => account.id === letters.id)!.address,
        });
      } finally {
        installRuntime(app.runtime);
      }
    });

    it("derives prize accounts from PRIZE_ACCOUNT_SECRET alone when it is set", async () => {
      const secret = hex(32);
      const first = loadServerKeys(rotated({ PRIZE_ACCOUNT_SECRET: secret }));
      const second = loadServerKeys(rotated({ PRIZE_ACCOUNT_SECRET: secret }));
      expect(first.mintKeySecret).not.toEqual(second.mintKeySecret);
      expect(await prizeAccounts(second)).toEqual(await prizeAccounts(first));
      expect(first.prizeAccountSecret).toEqual(Uint8Array.from(Buffer.from(secret, "hex")));
    });
  });
}
