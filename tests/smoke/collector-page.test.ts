// The collector's page on the production build (issue 25): cacheable by a CDN like the drop
// page, its HTML the same for every visitor (the collector's own controls are fetched by the
// browser after load), and a share card that names the collector.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startSite, type Site } from "../helpers/site-process";

describe("the collector's page on the built site", () => {
  let dataDir: string;
  let site: Site | undefined;
  /** A seeded demo collector with a name and mints (lib/demo). */
  let COLLECTOR: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-smoke-collector-"));
    const port = String(await freePort());
    site = await startSite({ PORT: port, DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` });
    const feed = (await (
      await fetch(`${site.url}/api/public/collection/sprites/recently-minted`, { headers: { origin: site.url } })
    ).json()) as { nfts: Array<{ ownerWallet: string | null; minterDisplayName: string | null }> };
    COLLECTOR = feed.nfts.find((nft) => nft.minterDisplayName === "Mira")!.ownerWallet!;
  });
  afterAll(async () => {
    await site?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lets a CDN keep /w/<address> for a moment, like the drop page, and holds no owner-only control", async () => {
    const page = await fetch(`${site!.url}/w/${COLLECTOR}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    expect(page.headers.get("set-cookie")).toBeNull();
    const html = await page.text();
    expect(html).toContain('data-testid="collector-header"');
    for (const ownerOnly of ["Your profile", "Save name", 'name="displayName"', "as avatar"])
      expect(html).not.toContain(ownerOnly);
    // A wrong address is a real 404, not cached as a page.
    const missing = await fetch(`${site!.url}/w/not-an-address`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).not.toContain("public");
  });

  it("shares a card of the collector: og and twitter tags point to an image that answers 200 image/png", async () => {
    const html = await (await fetch(`${site!.url}/w/${COLLECTOR}`)).text();
    const meta = (attribute: string, name: string) =>
      new RegExp(`<meta ${attribute}="${name}" content="([^"]+)"`).exec(html)?.[1];
    const ogImage = meta("property", "og:image");
    const twitterImage = meta("name", "twitter:image");
    expect(ogImage).toMatch(new RegExp(`^${site!.url}/w/${COLLECTOR}/opengraph-image`));
    expect(twitterImage).toMatch(new RegExp(`^${site!.url}/w/${COLLECTOR}/twitter-image`));
    expect(meta("name", "twitter:card")).toBe("summary_large_image");
    expect(meta("property", "og:title")).toBeTruthy();
    for (const url of [ogImage!, twitterImage!]) {
      const image = await fetch(url);
      expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
      const bytes = new Uint8Array(await image.arrayBuffer());
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // "PNG"
    }
  });
});
