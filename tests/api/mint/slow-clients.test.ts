// Slow clients cannot hold the door (threat model 4b, issue 21 item 3). A POST that sends a
// few bytes of its body and stalls used to take a place in the admission gate before its
// body was read, and kept it until Node's request timeout: 48 of them from one IP made every
// honest execute answer 503 SERVER_BUSY, 256 took the whole API down. Bodies are now read
// with a size cap and a deadline before the gate, and one client has a bounded number of
// requests in progress at once. Real PGlite and PostgreSQL, the embedded chain, real keys.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REQUESTS_IN_PROGRESS_PER_CLIENT } from "@/lib/api/client-slots";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./fixtures";

const BODY_TIMEOUT_MS = 400;
const ATTACKER_IP = "203.0.113.66";

type Stalled = { answer: Promise<Response>; abort(): void };

type Target = { route: string; url: string; params: Record<string, string> };

/**
 * A POST whose body sends its first bytes and then nothing, as a slow-loris client does. It
 * says it comes from the site's own pages (an Origin any HTTP client can send), so it needs
 * no key.
 */
async function stalledPost(target: Target, ip: string): Promise<Stalled> {
  const route = (await import(`../../../app/api/v1/${target.route}/route`)) as {
    POST: (request: Request, context: { params: Promise<object> }) => Promise<Response>;
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(new TextEncoder().encode('{"sessionId":"'));
    },
  });
  const request = new Request(`http://localhost:3000/api/v1/${target.url}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip, origin: "http://localhost:3000" },
    body,
    duplex: "half",
  } as RequestInit);
  const answer = route.POST(request, { params: Promise.resolve(target.params) });
  return { answer, abort: () => controller.error(new Error("client went away")) };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`slow clients on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let drop: FixtureDrop;
    const stalled: Stalled[] = [];

    const prepareAndSign = async () => {
      const wallet = await fundedWallet(app);
      const walletAddress = wallet.publicKey.toBase58();
      const prepared = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: { collectionId: drop.collectionId, phaseId: drop.phaseId, walletAddress, quantity: 1 },
      });
      expect(prepared.status, prepared.text).toBe(200);
      const body = preparedMintResponseSchema.parse(prepared.body);
      return {
        sessionId: body.sessions[0]!.sessionId,
        signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
      };
    };
    const execute = (item: { sessionId: string; signedTransaction: string }) =>
      callJson("POST", "/api/v1/execute-mint", { headers: { "x-api-key": key }, body: item });
    const executeMint: Target = { route: "execute-mint", url: "execute-mint", params: {} };
    // A read with a body (the claim-code check): reads share the instance's whole capacity.
    const validateCode = (): Target => ({
      route: "collections/[identifier]/claim-codes/validate",
      url: `collections/${drop.shortId}/claim-codes/validate`,
      params: { identifier: drop.shortId },
    });
    const stall = async (count: number, target: Target = executeMint) => {
      const started = await Promise.all(Array.from({ length: count }, () => stalledPost(target, ATTACKER_IP)));
      stalled.push(...started);
      await settle(30); // every one of them is as far into the pipeline as it gets
      return started;
    };

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false, env: { REQUEST_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS) } });
      drop = await createFixtureDrop(app, { shortId: "fixture-slow", price: 0n, supply: 10 });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-slow"] });
    });
    afterAll(async () => {
      for (const request of stalled) request.abort();
      await Promise.allSettled(stalled.map((request) => request.answer));
      await app?.close();
    });

    it("48 stalled execute bodies from one IP leave honest executes their room", async () => {
      const honest = await prepareAndSign();
      await stall(48);
      const answer = await execute(honest);
      expect([answer.status, answer.body?.code]).toEqual([200, undefined]);
    });

    it("256 stalled bodies from one IP leave the API up for everyone else", async () => {
      const honest = await prepareAndSign();
      await stall(256, validateCode());
      const read = await callJson("GET", `/api/v1/collections/${drop.shortId}`, { headers: { "x-api-key": key } });
      expect(read.status, read.text).toBe(200);
      const answer = await execute(honest);
      expect(answer.status, answer.text).toBe(200);
    });

    it("answers a stalled body 408 REQUEST_TIMEOUT at the deadline, and one client's extra requests 429 at once", async () => {
      await settle(BODY_TIMEOUT_MS + 50); // the earlier tests' stalled bodies have timed out
      const started = await stall(MAX_REQUESTS_IN_PROGRESS_PER_CLIENT + 4);
      const startedAt = Date.now();
      const answers = await Promise.all(
        started.map(async ({ answer }) => ({ response: await answer, at: Date.now() })),
      );
      const bodies = await Promise.all(
        answers.map(async ({ response }) => [response.status, (await response.json()).code]),
      );
      const timedOut = bodies.filter(([status]) => status === 408);
      expect(timedOut.length).toBe(MAX_REQUESTS_IN_PROGRESS_PER_CLIENT);
      expect(new Set(timedOut.map(([, code]) => code))).toEqual(new Set(["REQUEST_TIMEOUT"]));
      expect(bodies.filter(([status, code]) => status === 429 && code === "RATE_LIMITED").length).toBe(4);
      expect(Math.max(...answers.map(({ at }) => at - startedAt))).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
      // The client's places are free again once its requests are answered.
      const honest = await prepareAndSign();
      expect((await execute(honest)).status).toBe(200);
    });
  });
}
