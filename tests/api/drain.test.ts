// A drain that loses nothing (issue 27): once draining, new prepares are answered 503
// SERVER_BUSY (the code callers retry) and readiness says "shutting down", while reads and
// the execute already in flight go on; the runtime closes only after that execute has
// landed and been recorded: no session stuck, no payment without its NFT. On each database,
// with a real mint on the embedded chain, held mid-submit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admissionGateOf } from "@/lib/api/admission";
import { drainAndClose } from "@/lib/api/drain";
import type { Chain } from "@/lib/chain";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { installRuntime, type Runtime } from "@/lib/server/runtime";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./mint/fixtures";

/** The chain, with submits held until `release()`; `sending` resolves when one is held. */
function heldChain(chain: Chain) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sent!: () => void;
  const sending = new Promise<void>((resolve) => (sent = resolve));
  const held = new Proxy(chain, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property !== "sendRawTransaction") return value.bind(target);
      return async (...args: unknown[]) => {
        sent();
        await released;
        return value.apply(target, args);
      };
    },
  });
  return { chain: held, sending, release };
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`draining on SIGTERM on ${target.name}`, () => {
    let app: TestApp;
    let drop: FixtureDrop;
    let key: string;

    beforeAll(async () => {
      app = await startTestApp(target);
      drop = await createFixtureDrop(app, { shortId: "fixture-drain", price: 100_000_000n });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-drain"] });
    });
    afterAll(() => app?.close());

    it("refuses new prepares, finishes the execute in flight, and closes only after it landed", async () => {
      const { chain, sending, release } = heldChain(app.runtime.chain);
      const events: string[] = [];
      let sessionId = "";
      const statusOf = async () =>
        (await app.runtime.database.prisma.mintSession.findUniqueOrThrow({ where: { id: sessionId } })).status;
      const runtime: Runtime = {
        ...app.runtime,
        chain,
        // The app's own parts close in afterAll; here, what the session was when the instance closed.
        close: async () => void events.push(`closed with the session ${await statusOf()}`),
      };
      installRuntime(runtime);
      const headers = { "x-api-key": key };
      const prepareBody = async () => ({
        collectionId: drop.collectionId,
        phaseId: drop.phaseId,
        walletAddress: (await fundedWallet(app)).publicKey.toBase58(),
        quantity: "1",
      });

      const wallet = await fundedWallet(app);
      const prepared = await callJson("POST", "/api/v1/prepare-mint", {
        headers,
        body: { ...(await prepareBody()), walletAddress: wallet.publicKey.toBase58() },
      });
      expect(prepared.status, prepared.text).toBe(200);
      const { sessions, transactions } = preparedMintResponseSchema.parse(prepared.body);
      sessionId = sessions[0]!.sessionId;
      const executing = callJson("POST", "/api/v1/execute-mint", {
        headers,
        body: {
          sessionId: sessions[0]!.sessionId,
          signedTransaction: signPrepared(transactions[0]!.transaction, wallet),
        },
      });
      await sending; // the execute is in flight, inside the chain's submit

      const draining = drainAndClose(runtime, { timeoutMs: 30_000 });
      expect(admissionGateOf(runtime).isDraining).toBe(true);
      const refused = await callJson("POST", "/api/v1/prepare-mint", { headers, body: await prepareBody() });
      expect([refused.status, refused.body?.code, refused.headers.get("retry-after")]).toEqual([
        503,
        "SERVER_BUSY",
        "1",
      ]);
      const readiness = await callJson("GET", "/api/health/ready");
      expect([readiness.status, readiness.body?.reasons]).toEqual([503, ["shutting down"]]);
      expect((await callJson("GET", "/api/v1/collections/fixture-drain", { headers })).status).toBe(200);
      expect(events).toEqual([]); // nothing closed while the execute is in flight

      release();
      const executed = await executing;
      expect(executed.status, executed.text).toBe(200);
      expect(await draining).toMatchObject({ drained: true });
      expect(events).toEqual(["closed with the session minted"]);

      const prisma = app.runtime.database.prisma;
      const session = await prisma.mintSession.findUniqueOrThrow({ where: { id: sessions[0]!.sessionId } });
      expect(session.status).toBe("minted");
      expect(await prisma.mintSession.count({ where: { status: { in: ["processing", "pending"] } } })).toBe(0);
      const owners = await app.runtime.chain.getMintOwners([session.mintAddress]);
      expect(owners.get(session.mintAddress)).toBe(wallet.publicKey.toBase58());
    });

    it("closes at once when nothing is in flight, and at the deadline when a mint never finishes", async () => {
      const idle: Runtime = { ...app.runtime, close: async () => undefined };
      expect(await drainAndClose(idle, { timeoutMs: 5_000 })).toMatchObject({ drained: true });

      const stuck: Runtime = { ...app.runtime, close: async () => undefined };
      const leave = admissionGateOf(stuck).enter("execute");
      try {
        const report = await drainAndClose(stuck, { timeoutMs: 200 });
        expect(report.drained).toBe(false);
        expect(report.ms).toBeGreaterThanOrEqual(190);
      } finally {
        leave();
      }
    });
  });
}
