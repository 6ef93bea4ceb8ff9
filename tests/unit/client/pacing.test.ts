// Client-side pacing (spec: Limits — 5 requests per second sustained, burst 10): the bucket's
// arithmetic on a fake clock, and the real client against a loopback server (lower bounds
// only, so a slow machine cannot make it flaky).
import { afterEach, describe, expect, it } from "vitest";
import { createDropmintClient } from "@/lib/client/api-client";
import { createTokenBucket, type Clock } from "@/lib/client/pacing";
import { json, startScriptedServer, type ScriptedServer } from "./scripted-server";

/** A clock that only moves when told; sleep records the wait and returns at once. */
function fakeClock() {
  let now = 0;
  const waits: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  return { clock, waits, advance: (ms: number) => (now += ms) };
}

describe("token bucket", () => {
  it("lets a burst of 10 through at once, then spaces the rest 200 ms apart in call order", async () => {
    const { clock, waits } = fakeClock();
    const bucket = createTokenBucket({ perSecond: 5, burst: 10 }, clock);
    await Promise.all(Array.from({ length: 13 }, () => bucket.take()));
    expect(waits).toEqual([200, 400, 600]);
  });

  it("refills at the sustained rate and never above the burst", async () => {
    const { clock, waits, advance } = fakeClock();
    const bucket = createTokenBucket({ perSecond: 5, burst: 10 }, clock);
    for (let i = 0; i < 10; i++) await bucket.take();
    advance(1_000); // five tokens back
    for (let i = 0; i < 5; i++) await bucket.take();
    expect(waits).toEqual([]);
    await bucket.take();
    expect(waits).toEqual([200]);

    const idle = fakeClock();
    const rested = createTokenBucket({ perSecond: 5, burst: 10 }, idle.clock);
    idle.advance(60_000); // a long pause earns no more than the burst
    for (let i = 0; i < 11; i++) await rested.take();
    expect(idle.waits).toEqual([200]);
  });

  it("refuses settings that could never pass a request", () => {
    expect(() => createTokenBucket({ perSecond: 0, burst: 10 })).toThrow(RangeError);
    expect(() => createTokenBucket({ perSecond: 5, burst: 0 })).toThrow(RangeError);
  });
});

describe("the client's pacing", () => {
  let server: ScriptedServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it("waits instead of failing: 15 reads all succeed, the 11th no sooner than ~200 ms and the 15th ~1 s after the start", async () => {
    server = await startScriptedServer((_request, response) => json(response, 200, { success: true }));
    const client = createDropmintClient({ baseUrl: server.baseUrl, pacing: { perSecond: 5, burst: 10 } });
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 15 }, () => client.getTraits("sprites")));
    expect(results).toHaveLength(15);
    const arrivals = server.requests.map((r) => r.at - started).sort((a, b) => a - b);
    expect(arrivals).toHaveLength(15);
    // Node timers can fire a millisecond early; the bounds leave room for that only.
    expect(arrivals[10]!).toBeGreaterThanOrEqual(190);
    expect(arrivals[14]!).toBeGreaterThanOrEqual(990);
  });

  it("paces every request of one client, prepare and execute included", async () => {
    server = await startScriptedServer((_request, response) => json(response, 200, { success: true, minted: 1 }));
    const client = createDropmintClient({ baseUrl: server.baseUrl, pacing: { perSecond: 5, burst: 2 } });
    const started = performance.now();
    await Promise.all([
      client.getTraits("sprites"),
      client.executeMint({ sessionId: "s", signedTransaction: "t" }),
      client.prepareMint({ collectionId: "c", phaseId: "p", walletAddress: "w", quantity: 1 }),
    ]);
    const arrivals = server.requests.map((r) => r.at - started).sort((a, b) => a - b);
    expect(arrivals[2]!).toBeGreaterThanOrEqual(190);
  });
});
