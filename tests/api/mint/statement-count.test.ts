// The mint path's round trips to the database (issue 27): one prepare and one execute on the
// common path (a fixed SOL price, no code, no limit) send at most 4 and 3 SQL statements,
// BEGIN and COMMIT counted, on PGlite and on PostgreSQL. Before: 17 and 12 on PostgreSQL,
// then 7 and 3; prepare's common path now sends 3 (lib/services/mint/record-then-verify.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_PARTY } from "@/lib/auth/context";
import { findCollectionRef } from "@/lib/services/collection-ref";
import { executeMint } from "@/lib/services/mint/execute";
import { prepareMint } from "@/lib/services/mint/prepare";
import { databaseTargets } from "../../helpers/databases";
import { installStatementCounter } from "../../helpers/statement-counter";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, oneNftInput, signPrepared, type FixtureDrop } from "./fixtures";

const counter = installStatementCounter();
const PREPARE_STATEMENTS = 4;
const EXECUTE_STATEMENTS = 3;

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`statements per mint on ${target.name}`, () => {
    let app: TestApp;
    let drop: FixtureDrop;

    beforeAll(async () => {
      app = await startTestApp(target);
      drop = await createFixtureDrop(app, { shortId: "statements", price: 10_000_000n });
    });
    afterAll(() => app?.close());

    /** One mint by a fresh wallet: the statements its prepare and its execute sent. */
    async function mintOnce(): Promise<{ prepare: number; execute: number; minted: number }> {
      const ctx = app.context();
      const wallet = await fundedWallet(app);
      const ref = (await findCollectionRef(app.runtime.database.prisma, drop.shortId))!;
      const { result: prepared, statements: prepare } = await counter.measure(() =>
        prepareMint(ctx, ref, oneNftInput(drop, wallet)),
      );
      const signedTransaction = signPrepared(prepared.transactions[0]!.transaction, wallet);
      const { result, statements: execute } = await counter.measure(() =>
        executeMint(ctx, FIRST_PARTY, { sessionId: prepared.sessions[0]!.sessionId, signedTransaction }),
      );
      return { prepare, execute, minted: result.minted };
    }

    it(`prepares in at most ${PREPARE_STATEMENTS} statements and executes in at most ${EXECUTE_STATEMENTS}`, async () => {
      await mintOnce(); // warms the drop's cached facts, as any live drop has them
      const counted = await mintOnce();
      expect(counted.minted).toBe(1);
      // Counted in the calls' own async context: a lost context would count nothing and pass.
      expect(counted.prepare).toBeGreaterThanOrEqual(3);
      expect(counted.execute).toBeGreaterThanOrEqual(2);
      expect(counted.prepare).toBeLessThanOrEqual(PREPARE_STATEMENTS);
      expect(counted.execute).toBeLessThanOrEqual(EXECUTE_STATEMENTS);
      // The minted count the one-statement record reports is exact: the mint lands in the drop's counts.
      const mints = await app.runtime.database.prisma.mint.count({ where: { collectionId: drop.collectionId } });
      expect(mints).toBe(2);
    });
  });
}
