// Overload is answered at once, not mistaken for an outage: beyond its capacity an instance
// answers 503 SERVER_BUSY with Retry-After before touching the database, and takes requests
// again as soon as the ones in progress are answered.
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { v1Route } from "@/lib/api/v1-route";
import { install, invoke, makeRuntime, request, SITE_ORIGIN, testConfig, unusableDatabase } from "./harness";

// A Prisma client on a closed pool: every query would fail, so an answer proves none was made.
const noDatabase = await unusableDatabase();

describe("admission at capacity", () => {
  const runtime = install(
    makeRuntime(noDatabase, testConfig({ MAX_CONCURRENT_REQUESTS: "3", MAX_CONCURRENT_MINTS: "1" })),
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
