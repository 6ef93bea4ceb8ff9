// Hosted pages and metadata are limited like the API (issue 21 item 10): a drop page or an
// NFT's metadata (/d/..., /m/...) takes the client's place, spends its per-IP request budget
// and holds a place in the instance's admission gate, before any database work; so a flood of
// random ids is refused with 429 or 503 instead of exhausting the pool. scripts/serve.ts
// applies it to every such request (tests/smoke/hostile-requests.test.ts drives the built
// server); here the same function runs against a runtime whose database would fail any query.
import { afterAll, describe, expect, it } from "vitest";
import { admitHostedPage, isCdnCacheablePage, isHostedPage } from "@/lib/api/page-limits";
import { install, invoke, makeRuntime, request, rootRoute, SITE_ORIGIN, testConfig, unusableDatabase } from "./harness";

const noDatabase = await unusableDatabase();
const codeOf = (attempt: Promise<unknown>) =>
  attempt.then(
    (leave) => ((leave as () => void)(), "admitted"),
    (error: { code?: string }) => error.code,
  );

describe("hosted pages", () => {
  it("are the drop pages, collectors' pages and NFT metadata, read with GET or HEAD", () => {
    expect(isHostedPage("GET", "/m/sprites/7")).toBe(true);
    expect(isHostedPage("GET", "/w/BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs")).toBe(true);
    expect(isHostedPage("HEAD", "/d/sprites?tab=gallery")).toBe(true);
    expect(isHostedPage("GET", "/d/sprites/opengraph-image")).toBe(true);
    expect(isHostedPage("POST", "/d/sprites")).toBe(false);
    expect(isHostedPage("GET", "/docs")).toBe(false);
    expect(isHostedPage("GET", "/api/v1/collections/sprites")).toBe(false);
  });

  it("a CDN may keep: the drop pages and collectors' pages with their share images, not NFT metadata", () => {
    expect(isCdnCacheablePage("GET", "/d/sprites")).toBe(true);
    expect(isCdnCacheablePage("HEAD", "/w/BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs?x=1")).toBe(true);
    expect(isCdnCacheablePage("GET", "/w/BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs/opengraph-image")).toBe(true);
    expect(isCdnCacheablePage("POST", "/w/BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs")).toBe(false);
    expect(isCdnCacheablePage("GET", "/m/sprites/7")).toBe(false);
    // A collector's page's navigation data is re-read after the owner's edits: never kept.
    expect(isCdnCacheablePage("GET", "/w/BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs?_rsc=1", true)).toBe(false);
    expect(isCdnCacheablePage("GET", "/d/sprites?_rsc=1", true)).toBe(true);
    expect(isCdnCacheablePage("GET", "/api/public/profiles/x")).toBe(false);
  });

  it("spend the client network's request budget, an IPv6 /64 being one client", async () => {
    const runtime = makeRuntime(noDatabase, testConfig({ RATE_LIMIT_READS_PER_MINUTE: "3" }));
    for (const ip of ["2001:db8:5::1", "2001:db8:5::2", "2001:db8:5::3"])
      expect(await codeOf(admitHostedPage(runtime, ip))).toBe("admitted");
    expect(await codeOf(admitHostedPage(runtime, "2001:db8:5::4"))).toBe("RATE_LIMITED");
    expect(await codeOf(admitHostedPage(runtime, "203.0.113.30"))).toBe("admitted");
    await runtime.close();
  });

  describe("at the instance's capacity", () => {
    const runtime = install(
      makeRuntime(noDatabase, testConfig({ MAX_CONCURRENT_REQUESTS: "2", MAX_QUEUED_REQUESTS: "0" })),
    );
    afterAll(() => runtime.close());

    it("are refused 503 SERVER_BUSY, and share the gate with the API", async () => {
      const held = [await admitHostedPage(runtime, "203.0.113.31"), await admitHostedPage(runtime, "203.0.113.32")];
      expect(await codeOf(admitHostedPage(runtime, "203.0.113.33"))).toBe("SERVER_BUSY");
      const read = await invoke(rootRoute, request("/", { origin: SITE_ORIGIN, ip: "203.0.113.34" }));
      expect([read.status, read.body.code]).toEqual([503, "SERVER_BUSY"]);
      held[0]!();
      expect(await codeOf(admitHostedPage(runtime, "203.0.113.33"))).toBe("admitted");
      held[1]!();
    });
  });
});
