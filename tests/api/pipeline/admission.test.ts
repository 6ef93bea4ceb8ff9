// Overload is answered at once, not mistaken for an outage: beyond its capacity an instance
// answers 503 SERVER_BUSY with Retry-After before touching the database, and takes requests
// again as soon as the ones in progress are answered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AdmissionGate } from "@/lib/api/admission";
import { v1Route } from "@/lib/api/v1-route";
import { install, invoke, makeRuntime, request, SITE_ORIGIN, testConfig, unusableDatabase } from "./harness";

// A Prisma client on a closed pool: every query would fail, so an answer proves none was made.
const noDatabase = await unusableDatabase();

describe("admission at capacity", () => {
  const runtime = install(
    // Nothing waits here: these tests are about the bound itself (the queue before it is tested below).
    makeRuntime(
      noDatabase,
      testConfig({ MAX_CONCURRENT_REQUESTS: "3", MAX_CONCURRENT_MINTS: "1", MAX_QUEUED_REQUESTS: "0" }),
    ),
  );
  afterAll(() => runtime.close());

  // Routes that hold their request until the test lets them go.
  const releases: Array<() => void> = [];
  const held = () => new Promise<void>((resolve) => releases.push(resolve));
  const slowRead = v1Route({ scope: "none", kind: "read", response: z.object({}) }, async () => (await held(), {}));
  const slowMint = v1Route({ scope: "none", kind: "mint", response: z.object({}) }, async () => (await held(), {}));
  const slowExecute = v1Route(
    { scope: "none", kind: "mint", settles: true, response: z.object({}) },
    async () => (await held(), {}),
  );
  const call = (route: typeof slowRead, method = "GET") =>
    invoke(route, request("/x", { origin: SITE_ORIGIN, ip: "203.0.113.40" }, { method }));
  const releaseAll = () => releases.splice(0).forEach((release) => release());
  const until = async (count: number) => {
    while (releases.length < count) await new Promise((resolve) => setTimeout(resolve, 1));
  };

  it("answers 503 SERVER_BUSY with Retry-After beyond the instance's capacity, and recovers at once", async () => {
    const inProgress = [call(slowRead), call(slowRead), call(slowRead)];
    await until(3);
    const refused = await call(slowRead);
    expect([refused.status, refused.body.code, refused.body.retryAfter, refused.headers.get("retry-after")]).toEqual([
      503,
      "SERVER_BUSY",
      1,
      "1",
    ]);
    releaseAll();
    expect((await Promise.all(inProgress)).map((r) => r.status)).toEqual([200, 200, 200]);
    const again = call(slowRead);
    await until(1);
    releaseAll();
    expect((await again).status).toBe(200);
  });

  it("bounds mint calls on their own, while reads still pass", async () => {
    const mint = call(slowMint, "POST");
    await until(1);
    const second = await call(slowMint, "POST");
    expect([second.status, second.body.code]).toEqual([503, "SERVER_BUSY"]);
    const read = call(slowRead);
    await until(2);
    releaseAll();
    expect([(await mint).status, (await read).status]).toEqual([200, 200]);
  });

  it("keeps room for executes, which finish sales already held: neither prepares nor reads at capacity refuse one", async () => {
    // The one prepare allowed, and reads up to the instance's capacity.
    const inProgress = [call(slowMint, "POST"), call(slowRead), call(slowRead)];
    await until(3);
    expect((await call(slowMint, "POST")).body.code).toBe("SERVER_BUSY");
    expect((await call(slowRead)).body.code).toBe("SERVER_BUSY");
    const execute = call(slowExecute, "POST");
    await until(4);
    // Executes are bounded too, by a room of their own.
    const second = await call(slowExecute, "POST");
    expect([second.status, second.body.code]).toEqual([503, "SERVER_BUSY"]);
    releaseAll();
    expect([...(await Promise.all(inProgress)).map((r) => r.status), (await execute).status]).toEqual([
      200, 200, 200, 200,
    ]);
  });
});

// A burst above capacity waits its turn instead of being shed at once (issue 27: a rush of
// 1,000 buyers on two instances shed about one prepare in eight). The wait is bounded twice,
// so the database stays protected: by how many may wait, and by how long each may.
describe("admission queue before the bound", () => {
  const limits = { requests: 3, mints: 1, perClient: 16, queued: 2, queueWaitMs: 200, prepareQueueWaitMs: 600 };
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => "admitted",
      (error: { code?: string }) => error.code,
    );

  it("serves waiting requests in arrival order, and sheds at once beyond the queue's bound", async () => {
    const gate = new AdmissionGate(limits);
    const first = await gate.admit("prepare");
    const served: string[] = [];
    const waiting = ["second", "third"].map((name) =>
      gate.admit("prepare").then((leave) => (served.push(name), leave)),
    );
    // Two wait (the queue's bound): a fourth is answered SERVER_BUSY at once, not after the wait.
    const started = performance.now();
    expect(await codeOf(gate.admit("prepare"))).toBe("SERVER_BUSY");
    expect(performance.now() - started).toBeLessThan(limits.queueWaitMs / 2);
    expect(gate.queued().prepare).toBe(2);
    first();
    const second = await waiting[0]!;
    expect(served).toEqual(["second"]);
    expect(gate.occupancy().prepare).toBe(1);
    second();
    (await waiting[1]!)();
    expect(served).toEqual(["second", "third"]);
    expect([gate.occupancy().prepare, gate.queued().prepare]).toEqual([0, 0]);
  });

  it("answers SERVER_BUSY once the wait is over, and a request let in within it is served", async () => {
    const gate = new AdmissionGate(limits);
    const held = await gate.admit("execute");
    const started = performance.now();
    expect(await codeOf(gate.admit("execute"))).toBe("SERVER_BUSY");
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(limits.queueWaitMs - 5);
    expect(waited).toBeLessThan(limits.queueWaitMs * 3);
    expect(gate.queued().execute).toBe(0);
    const within = gate.admit("execute");
    setTimeout(held, limits.queueWaitMs / 4);
    expect(await codeOf(within)).toBe("admitted");
  });

  it("lets a prepare wait longer than other requests: it is shed only past MAX_PREPARE_QUEUE_WAIT_MS", async () => {
    const gate = new AdmissionGate(limits);
    const [prepare, execute] = [await gate.admit("prepare"), await gate.admit("execute")];
    const waitingPrepare = codeOf(gate.admit("prepare"));
    // An execute waiting as long is shed at queueWaitMs; the prepare is still in line then, and let in.
    expect(await codeOf(gate.admit("execute"))).toBe("SERVER_BUSY");
    expect(gate.queued().prepare).toBe(1);
    prepare();
    expect(await waitingPrepare).toBe("admitted");
    execute();
    // Past its own bound, a prepare is shed too.
    const started = performance.now();
    expect(await codeOf(gate.admit("prepare"))).toBe("SERVER_BUSY");
    expect(performance.now() - started).toBeGreaterThanOrEqual(limits.prepareQueueWaitMs - 5);
  });

  it("lets a read past prepares waiting for a mint place", async () => {
    const gate = new AdmissionGate(limits);
    const prepare = await gate.admit("prepare");
    const waitingPrepare = gate.admit("prepare");
    expect(await codeOf(gate.admit("read"))).toBe("admitted");
    prepare();
    expect(await codeOf(waitingPrepare)).toBe("admitted");
  });

  it("turns the waiting prepares away on drain, and still lets a waiting execute finish its sale first", async () => {
    const gate = new AdmissionGate(limits);
    const [prepare, execute] = [await gate.admit("prepare"), await gate.admit("execute")];
    const waitingPrepare = codeOf(gate.admit("prepare"));
    const waitingExecute = gate.admit("execute");
    let drained = false;
    const draining = gate.drain().then(() => (drained = true));
    expect(await waitingPrepare).toBe("SERVER_BUSY");
    prepare();
    execute();
    const queuedExecute = await waitingExecute;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(drained).toBe(false);
    queuedExecute();
    await draining;
  });

  describe("over HTTP", () => {
    const runtime = makeRuntime(
      noDatabase,
      testConfig({
        MAX_CONCURRENT_REQUESTS: "3",
        MAX_CONCURRENT_MINTS: "1",
        MAX_QUEUED_REQUESTS: "1",
        MAX_QUEUE_WAIT_MS: "2000",
      }),
    );
    // Installed when these tests run (the other block's runtime before them).
    beforeAll(() => void install(runtime));
    afterAll(() => runtime.close());
    const releases: Array<() => void> = [];
    const slowMint = v1Route(
      { scope: "none", kind: "mint", response: z.object({}) },
      async () => (await new Promise<void>((resolve) => releases.push(resolve)), {}),
    );
    const call = (ip: string) => invoke(slowMint, request("/x", { origin: SITE_ORIGIN, ip }, { method: "POST" }));

    it("answers a prepare beyond capacity once a place frees, instead of 503", async () => {
      const first = call("203.0.113.50");
      while (releases.length < 1) await new Promise((resolve) => setTimeout(resolve, 1));
      const second = call("203.0.113.51");
      // The queue holds one: a third is shed at once.
      const third = await call("203.0.113.52");
      expect([third.status, third.body.code]).toEqual([503, "SERVER_BUSY"]);
      releases.shift()!();
      expect((await first).status).toBe(200);
      while (releases.length < 1) await new Promise((resolve) => setTimeout(resolve, 1));
      releases.shift()!();
      expect((await second).status).toBe(200);
    });
  });
});
