// A drop with nothing left is refused from memory (lib/services/mint/sold-out-memory.ts):
// after the database's own SOLD_OUT, an instance refuses the next prepares without a
// statement and with the very same answer, before the admission gate; and the memory never
// outlives free supply: a release made on another instance is heard at once, and a hold that
// ended sends prepares back to the database, which sweeps it and hands its NFT out. Two
// runtimes on one real PostgreSQL database, the embedded chain, real keypairs.
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admissionGateOf } from "@/lib/api/admission";
import type { EmbeddedChain } from "@/lib/chain";
import { openDatabase, type Database } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { assembleRuntime } from "@/lib/server/create-runtime";
import { serviceContextOf, type Runtime } from "@/lib/server/runtime";
import { findCollectionRef } from "@/lib/services/collection-ref";
import { prepareMint } from "@/lib/services/mint/prepare";
import { dropRecorded } from "@/lib/services/mint/record-then-verify";
import { announcementsHeard } from "../../helpers/announcements";
import { databaseTarget, databaseTargets, type TestDatabase } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { installStatementCounter } from "../../helpers/statement-counter";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, oneNftInput, type FixtureDrop } from "./fixtures";

const PRICE = 10_000_000n;
const counter = installStatementCounter();
const postgres = databaseTarget("postgres");

/** A prepare on one instance, by a signed-in holder of its own; the answer, or the refusal's code, message and status. */
async function prepareOn(runtime: Runtime, drop: FixtureDrop, wallet: Keypair) {
  const ref = (await findCollectionRef(runtime.database.prisma, drop.shortId))!;
  const holder = { key: `ip:${wallet.publicKey.toBase58()}`, walletProven: true };
  const { result, statements } = await counter.measure(() =>
    prepareMint(serviceContextOf(runtime), ref, oneNftInput(drop, wallet), { holder }).then(
      (view) => ({ sessionId: view.sessions[0]!.sessionId, refusal: null }),
      (error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        return { sessionId: null, refusal: { code: error.code, message: error.message, status: error.status } };
      },
    ),
  );
  return { ...result, statements };
}

describe.skipIf(!postgres.available)("a sold-out drop remembered by two instances on one PostgreSQL database", () => {
  let app: TestApp;
  let second: Database;
  let a: Runtime;
  let b: Runtime;

  beforeAll(async () => {
    app = await startTestApp(postgres, { seed: false });
    a = app.runtime;
    second = await openDatabase({ databaseUrl: (a.database as TestDatabase).url!, dataDir: "unused" });
    // The same configuration and keys, its own database pool, caches and listener: another instance.
    b = assembleRuntime(a.config, second, a.chain);
    expect(await a.cachesListening).toBe(true);
    expect(await b.cachesListening).toBe(true);
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });

  it("refuses without a statement and with the database's own answer, until a release on the other instance is heard", async () => {
    const drop = await createFixtureDrop(app, { shortId: "gone-2", price: PRICE, supply: 2 });
    const held = [await prepareOn(a, drop, await fundedWallet(app)), await prepareOn(b, drop, await fundedWallet(app))];
    expect(held.map((h) => h.refusal)).toEqual([null, null]);
    // Each instance hears it from the database once (and asks what is free)...
    const fromDatabase = [
      await prepareOn(a, drop, await fundedWallet(app)),
      await prepareOn(b, drop, await fundedWallet(app)),
    ];
    expect(fromDatabase.map((p) => p.refusal?.code)).toEqual(["SOLD_OUT", "SOLD_OUT"]);
    expect(fromDatabase.every((p) => p.statements > 0)).toBe(true);
    // ...then refuses the same way from memory: no statement, the same code, message and status.
    for (const runtime of [a, b]) {
      const remembered = await prepareOn(runtime, drop, await fundedWallet(app));
      expect(remembered.refusal).toEqual(fromDatabase[0]!.refusal);
      expect(remembered.statements).toBe(0);
    }
    // B gives a hold back (a prepare refused after its record drops it so): A hears it, and the next prepare there gets the NFT.
    await dropRecorded(b.database.prisma, [held[1]!.sessionId!]);
    await announcementsHeard(a, b);
    const after = await prepareOn(a, drop, await fundedWallet(app));
    expect(after.refusal).toBeNull();
    // Sold out again: learnt again from the database, not from the old memory.
    const again = await prepareOn(b, drop, await fundedWallet(app));
    expect([again.refusal?.code, again.statements > 0]).toEqual(["SOLD_OUT", true]);
  });

  it("ends with the drop's earliest hold: once it has ended, prepares reach the database, which sweeps it and hands its NFT out", async () => {
    const drop = await createFixtureDrop(app, { shortId: "gone-1", price: PRICE, supply: 1 });
    const first = await prepareOn(a, drop, await fundedWallet(app));
    expect(first.refusal).toBeNull();
    // Its hold ends (as its lifetime would), while its transaction can still land: the NFT stays held.
    const prisma = a.database.prisma;
    await prisma.mintSession.update({
      where: { id: first.sessionId! },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    const refused = await prepareOn(b, drop, await fundedWallet(app));
    expect(refused.refusal?.code).toBe("SOLD_OUT");
    const remembered = await prepareOn(b, drop, await fundedWallet(app));
    expect([remembered.refusal?.code, remembered.statements]).toEqual(["SOLD_OUT", 0]);
    // The chain moves past the hold's blockhash (nothing in the database changes), and a moment later B asks again.
    await (a.chain as unknown as EmbeddedChain).expireBlockhash();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const freed = await prepareOn(b, drop, await fundedWallet(app));
    expect(freed.refusal).toBeNull();
  });
});

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`a sold-out drop before the admission gate on ${target.name}`, () => {
    let app: TestApp;
    let drop: FixtureDrop;
    let other: FixtureDrop;
    let key: string;
    let otherKey: string;

    beforeAll(async () => {
      // One prepare at a time and no queue: a prepare that reaches the gate while it is taken is shed.
      app = await startTestApp(target, { seed: false, env: { MAX_CONCURRENT_MINTS: "1", MAX_QUEUED_REQUESTS: "0" } });
      drop = await createFixtureDrop(app, { shortId: "gate-gone", price: PRICE, supply: 1 });
      other = await createFixtureDrop(app, { shortId: "gate-open", price: PRICE, supply: 5 });
      key = await app.createKey({ keyClass: "live", collections: [drop.shortId, other.shortId] });
      otherKey = await app.createKey({ keyClass: "live", collections: [other.shortId] });
    });
    afterAll(() => app?.close());

    const prepare = async (on: FixtureDrop, apiKey = key) => {
      const wallet = await fundedWallet(app);
      const response = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": apiKey },
        body: {
          collectionId: on.shortId,
          phaseId: on.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
        },
      });
      return {
        status: response.status,
        code: response.status === 200 ? null : errorBodySchema.parse(response.body).code,
      };
    };

    it("answers SOLD_OUT at once while every place is taken, and sheds only what could still be served", async () => {
      expect(await prepare(drop)).toEqual({ status: 200, code: null });
      expect(await prepare(drop)).toEqual({ status: 409, code: "SOLD_OUT" });
      const leave = admissionGateOf(app.runtime).enter("prepare");
      try {
        expect(await prepare(drop)).toEqual({ status: 409, code: "SOLD_OUT" });
        // A drop with supply left still waits for a place (here: none, and no queue).
        expect(await prepare(other)).toEqual({ status: 503, code: "SERVER_BUSY" });
        // Scope comes first: a key without the sold-out drop learns nothing of it.
        expect(await prepare(drop, otherKey)).toEqual({ status: 403, code: "COLLECTION_NOT_IN_SCOPE" });
      } finally {
        leave();
      }
    });
  });

  describe.skipIf(!target.available)(`prepares waiting at the admission gate on ${target.name}`, () => {
    let app: TestApp;

    beforeAll(async () => {
      // One prepare at a time, and a long wait for the others.
      app = await startTestApp(target, {
        seed: false,
        env: { MAX_CONCURRENT_MINTS: "1", MAX_QUEUED_REQUESTS: "10", MAX_QUEUE_WAIT_MS: "20000" },
      });
    });
    afterAll(() => app?.close());

    it("leave the line with SOLD_OUT as soon as their drop is learnt sold out, while the place is still taken", async () => {
      const drop = await createFixtureDrop(app, { shortId: "line-gone", price: PRICE, supply: 1 });
      const key = await app.createKey({ keyClass: "live", collections: [drop.shortId] });
      const ref = (await findCollectionRef(app.runtime.database.prisma, drop.shortId))!;
      const holder = { key: "script", walletProven: false };
      await prepareMint(app.context(), ref, oneNftInput(drop, await fundedWallet(app)), { holder });
      const leave = admissionGateOf(app.runtime).enter("prepare");
      try {
        const wallets = await Promise.all([fundedWallet(app), fundedWallet(app)]);
        const waiting = wallets.map((wallet) =>
          callJson("POST", "/api/v1/prepare-mint", {
            headers: { "x-api-key": key },
            body: { ...oneNftInput(drop, wallet), collectionId: drop.shortId },
          }),
        );
        while (admissionGateOf(app.runtime).queued().prepare < 2)
          await new Promise((resolve) => setTimeout(resolve, 5));
        // Another prepare (a script's, past the gate) meets the sold-out drop in the database: the line hears it.
        const refused = await prepareMint(app.context(), ref, oneNftInput(drop, await fundedWallet(app)), {
          holder,
        }).catch((error: AppError) => error.code);
        expect(refused).toBe("SOLD_OUT");
        const answers = await Promise.all(waiting);
        expect(answers.map((a) => [a.status, errorBodySchema.parse(a.body).code])).toEqual([
          [409, "SOLD_OUT"],
          [409, "SOLD_OUT"],
        ]);
        expect(admissionGateOf(app.runtime).queued().prepare).toBe(0);
      } finally {
        leave();
      }
    });
  });
}
