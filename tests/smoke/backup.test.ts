// Backups on the production build (README, Backups): `npm run backup -- create` asks the
// running built site for a consistent copy, `restore` writes it into an empty DATA_DIR, and
// a built site started on that folder knows the mint made before the backup, accepts the
// same partner key, and mints again on the restored chain.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { availabilityResponseSchema } from "@/lib/schemas/availability";
import { walletMintsResponseSchema } from "@/lib/schemas/wallet-mints";
import { freePort, runScript, startSite, type Site } from "../helpers/site-process";
import { callV1, fundedWallet, liveKeyFor, mintOne } from "./fixtures/site-mint";

const work = mkdtempSync(path.join(tmpdir(), "dropmint-backup-smoke-"));

async function siteOn(dataDir: string): Promise<{ site: Site; env: Record<string, string> }> {
  const port = String(await freePort());
  const env = { PORT: port, DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
  return { site: await startSite(env), env };
}

describe("a backup of the running built site", () => {
  const sites: Site[] = [];
  afterAll(async () => {
    for (const site of sites) await site.stop("SIGKILL");
    rmSync(work, { recursive: true, force: true });
  });

  it("restores into a site that knows the mints before it, keeps the keys, and mints again", async () => {
    const original = await siteOn(path.join(work, "data"));
    sites.push(original.site);
    const key = await liveKeyFor("aurora", original.env);
    const wallet = await fundedWallet(original.site);
    expect((await mintOne(original.site, key, "aurora", wallet)).minted).toBe(1);
    const mintedOf = async (site: Site) =>
      availabilityResponseSchema.parse((await callV1(site, key, "GET", "/api/v1/collections/aurora/availability")).body)
        .stats.minted;
    const mintedBefore = await mintedOf(original.site);

    const backup = path.join(work, "backup");
    const created = await runScript("backup.ts", ["create", backup], original.env);
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    expect(created.stdout).toContain(`into ${backup}`);
    expect(await original.site.stop("SIGTERM")).toBe(0);

    const restoredDir = path.join(work, "restored");
    const restored = await runScript("backup.ts", ["restore", backup, "--data-dir", restoredDir], original.env);
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(readdirSync(work).sort()).toEqual(["backup", "data", "restored"]);

    const copy = await siteOn(restoredDir);
    sites.push(copy.site);
    expect(await mintedOf(copy.site)).toBe(mintedBefore);
    const mints = await callV1(copy.site, key, "GET", `/api/v1/collections/aurora/wallet-mints/${wallet.publicKey}`);
    expect(walletMintsResponseSchema.parse(mints.body).totalMinted).toBe(1);
    // The restored chain holds the wallet's SOL and the drop's state: the same wallet mints again.
    expect((await mintOne(copy.site, key, "aurora", wallet)).minted).toBe(1);
    expect(await mintedOf(copy.site)).toBe(mintedBefore + 1);
  });
});
