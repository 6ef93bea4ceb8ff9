// The README's promise, on the production build: the site starts on the embedded
// defaults with the demo drops, a key from the CLI reads a drop, the faucet funds a wallet,
// and a restart (clean or killed) keeps the data and the chain state.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { freePort, runScript, startSite, type Site } from "../helpers/site-process";

describe("the built site on the embedded defaults", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let site: Site | undefined;
  let key: string;
  const wallet = Keypair.generate().publicKey.toBase58();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-smoke-"));
    const port = String(await freePort());
    env = { PORT: port, DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
    site = await startSite(env);
  });
  afterAll(async () => {
    await site?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  const getJson = async (url: string, init?: RequestInit) => {
    const response = await fetch(`${site!.url}${url}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const airdrop = (sol: number) =>
    getJson("/api/localnet/faucet", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: wallet, sol }),
    });

  it("serves the home page with the demo drops, the drop page and its art", async () => {
    const home = await fetch(`${site!.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    for (const name of ["Solstice Sprites", "Aurora", "Pack Rush", "Nightfall"]) expect(html).toContain(name);
    const drop = await fetch(`${site!.url}/d/sprites`);
    expect(drop.status).toBe(200);
    expect(await drop.text()).toContain("Allowlist");
    const art = await fetch(`${site!.url}/art/sprites/7.svg`);
    expect(art.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("shows every showcase drop, blocks the documented demo wallet, and has a trending list", async () => {
    for (const [shortId, text] of [
      ["relics", "Relic sale"],
      ["letters", "Sealed Letters"],
      ["lanterns", "Provably fair"],
      ["doves", "pinned at 150 USD"],
      ["lastlight", "Sold out"],
      ["tapes", "Tidal Tapes"],
    ] as const) {
      const page = await fetch(`${site!.url}/d/${shortId}`);
      expect(page.status, shortId).toBe(200);
      expect(await page.text(), shortId).toContain(text);
    }
    const site_ = { origin: site!.url, "content-type": "application/json" };
    const sprites = (await getJson("/api/public/collection/sprites", { headers: site_ })).body;
    const blocked = await getJson("/api/v1/prepare-mint", {
      method: "POST",
      headers: site_,
      body: JSON.stringify({
        collectionId: "sprites",
        phaseId: sprites.phases.active[0].id,
        walletAddress: "BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs",
        quantity: 1,
      }),
    });
    expect(blocked).toMatchObject({ status: 403, body: { code: "WALLET_BLOCKED", reason: "Chargeback under review" } });
    const trending = await getJson("/api/public/trending", { headers: site_ });
    expect(trending.body.collections.length).toBeGreaterThan(0);
  });

  it("answers a link to no drop with a real 404, and a drop's UUID with a real 308 to its short link", async () => {
    const missing = await fetch(`${site!.url}/d/no-such-drop`);
    expect(missing.status).toBe(404);
    const {
      collection: { id },
    } = (await (
      await fetch(`${site!.url}/api/public/collection/sprites`, { headers: { origin: site!.url } })
    ).json()) as { collection: { id: string } };
    const byId = await fetch(`${site!.url}/d/${id}`, { redirect: "manual" });
    expect(byId.status).toBe(308);
    expect(new URL(byId.headers.get("location")!, site!.url).pathname).toBe("/d/sprites");
  });

  it("serves the API reference with every section", async () => {
    const docs = await fetch(`${site!.url}/docs`);
    expect(docs.status).toBe(200);
    const html = await docs.text();
    for (const id of [
      "overview",
      "authentication",
      "collections",
      "eligibility",
      "feeds",
      "leaderboards",
      "bounties",
      "claim-codes",
      "prices",
      "mint",
      "first-party",
      "faucet",
    ]) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain("COLLECTION_NOT_IN_SCOPE");
  });

  it("reads a demo drop with a key made by the CLI while the site runs", async () => {
    const created = await runScript("keys.ts", ["create", "--class", "live", "--collections", "sprites"], env);
    expect(created.status, created.stderr).toBe(0);
    // The summary line shows a shortened prefix; the key itself stands alone on its line.
    key = /^\s*(dm_live_[1-9A-HJ-NP-Za-km-z]{40,})\s*$/m.exec(created.stdout)![1]!;
    const { status, body } = await getJson("/api/v1/collections/sprites", { headers: { "x-api-key": key } });
    expect(status).toBe(200);
    expect(collectionResponseSchema.parse(body).stats.mintedCount).toBe(12);
    const refused = await getJson("/api/v1/collections/aurora", { headers: { "x-api-key": key } });
    expect([refused.status, refused.body.code]).toEqual([403, "COLLECTION_NOT_IN_SCOPE"]);
  });

  it("lets a CDN keep the drop page and the site's public reads for a moment, revalidated by ETag, and keeps keyed reads private", async () => {
    const page = await fetch(`${site!.url}/d/sprites`);
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    expect((await fetch(`${site!.url}/d/no-such-drop`)).headers.get("cache-control")).not.toContain("public");

    const publicRead = await fetch(`${site!.url}/api/public/collection/sprites`, { headers: { origin: site!.url } });
    expect(publicRead.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=2, stale-while-revalidate=30");
    expect(publicRead.headers.get("vary")?.split(/,\s*/)).toEqual(
      expect.arrayContaining(["Origin", "Sec-Fetch-Site", "X-API-Key"]),
    );
    expect(publicRead.headers.get("etag")).toMatch(/^W\/"[\w-]+"$/);
    // A body without the server's clock (a gallery page) is the same until the drop changes: 304.
    const gallery = await fetch(`${site!.url}/api/public/collection/sprites/gallery`, {
      headers: { origin: site!.url },
    });
    const etag = gallery.headers.get("etag")!;
    const again = await fetch(`${site!.url}/api/public/collection/sprites/gallery`, {
      headers: { origin: site!.url, "if-none-match": etag },
    });
    expect([again.status, await again.text(), again.headers.get("etag")]).toEqual([304, "", etag]);

    const keyed = await fetch(`${site!.url}/api/v1/collections/sprites`, { headers: { "x-api-key": key } });
    expect(keyed.headers.get("cache-control")).toBe("private, no-cache");
    const wallet = await fetch(`${site!.url}/api/v1/collections/sprites/wallet-mints/${"1".repeat(32)}`, {
      headers: { "x-api-key": key },
    });
    expect(wallet.headers.get("cache-control")).toMatch(/^private|^no-store$/);
    const refused = await fetch(`${site!.url}/api/v1/collections/aurora`, { headers: { "x-api-key": key } });
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("funds a wallet from the faucet", async () => {
    const { status, body } = await airdrop(2);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, lamports: 2_000_000_000, balance: 2_000_000_000 });
  });

  it("asks an offline price provider through one price book, so the outage is logged once", async () => {
    // The token-price route and the pegged drop's page are separate server bundles.
    const sameOrigin = { headers: { "sec-fetch-site": "same-origin" } };
    expect((await fetch(`${site!.url}/api/public/token-prices`, sameOrigin)).status).toBe(200);
    expect((await fetch(`${site!.url}/d/doves`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const warnings = site!.output().match(/token price source \S+ unavailable/g) ?? [];
    expect(warnings).toHaveLength(1);
  });

  it("keeps data, keys and chain state across a clean restart and a kill", async () => {
    const before = (await getJson("/api/v1/collections/sprites", { headers: { "x-api-key": key } })).body;
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      await site!.stop(signal);
      site = await startSite(env);
      const after = await getJson("/api/v1/collections/sprites", { headers: { "x-api-key": key } });
      expect(after.status).toBe(200);
      expect(after.body.collection).toEqual(before.collection);
      expect(after.body.stats).toEqual(before.stats);
    }
    // The wallet kept its 2 SOL through both restarts: this airdrop adds to them.
    expect((await airdrop(1)).body.balance).toBe(3_000_000_000);
  });
});
