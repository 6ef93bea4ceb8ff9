// `npm run backup`: a backup of the embedded defaults taken by the running site while mints
// run (POST /api/internal/backup, what the command asks for), restored offline into an empty folder,
// opens as a site whose database and chain agree: every session's NFT is minted in the
// database exactly when its mint account is on the restored chain, owned by its wallet,
// and the drop's treasury holds the price of each. The restored site mints again (its
// keys came along). A restore refuses a folder that is not empty; the endpoint answers
// without the admin token exactly as a missing path.
// Real runtime (PGlite + embedded chain), real route handlers behind an HTTP listener, the
// real command: the first restore in a child process, the other runs of it in-process
// (the same entry, seconds each fewer).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig, type Config } from "@/lib/config";
import { adminBackupResponseSchema, backupManifestSchema, type BackupManifest } from "@/lib/schemas/backup";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { NOT_COPIED, copiedFolders } from "@/lib/server/backup/backup-files";
import { restoreBackup } from "@/lib/server/backup/restore-backup";
import { createRuntime } from "@/lib/server/create-runtime";
import { installRuntime, serviceContextOf, type Runtime } from "@/lib/server/runtime";
import { createApiKey } from "@/lib/services/api-keys";
import { reconcileSession } from "@/lib/services/mint/reconcile";
import { databaseTarget, openTestDatabase } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import type { TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "../../api/mint/fixtures";
import { listen } from "../../helpers/route-listener";
import { childEnv, runInProcess, runCli } from "./helpers";

const ENDPOINT = "/api/internal/backup";
const PRICE = 10_000_000n; // 0.01 SOL
const FUNDING = 100_000_000n; // 0.1 SOL: a mint and its rent
const MINTERS = 4;
const WALLETS = 40;

const env = (dataDir: string, port: number) => ({
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: "silent",
  SEED_DEMO_DROPS: "false",
  DEMO_ACTIVITY_MINUTES: "0",
  RATE_LIMIT_READS_PER_MINUTE: "100000",
  RATE_LIMIT_CHAIN_READS_PER_MINUTE: "100000",
  RATE_LIMIT_MINTS_PER_MINUTE: "100000",
  MAX_REQUESTS_PER_CLIENT: "1000",
});

/** What the mint fixtures need of an app: the runtime, its context, a key. */
function appOf(runtime: Runtime): TestApp {
  return {
    runtime,
    context: (overrides) => serviceContextOf(runtime, overrides),
    createKey: async (options) => (await createApiKey(serviceContextOf(runtime), options)).key,
    close: () => runtime.close(),
  };
}

/** prepare → the wallet signs → execute, through the installed runtime's routes; true when it minted. */
async function mintOne(drop: FixtureDrop, key: string, wallet: Keypair): Promise<boolean> {
  const headers = { "x-api-key": key };
  const prepared = await callJson("POST", "/api/v1/prepare-mint", {
    headers,
    body: {
      collectionId: drop.collectionId,
      phaseId: drop.phaseId,
      walletAddress: wallet.publicKey.toBase58(),
      quantity: "1",
      walletProvider: "Phantom",
    },
  });
  if (prepared.status !== 200) return false;
  const body = preparedMintResponseSchema.parse(prepared.body);
  const executed = await callJson("POST", "/api/v1/execute-mint", {
    headers,
    body: {
      sessionId: body.sessions[0]!.sessionId,
      signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
    },
  });
  return executed.status === 200;
}

const mintedIn = (runtime: Runtime, collectionId: string) =>
  runtime.database.prisma.nft.count({ where: { collectionId, status: "minted" } });

describe("backups of the embedded database and chain", () => {
  let server: Server;
  let port: number;
  let dataDir: string;
  let config: Config;
  let site: Runtime;
  let drop: FixtureDrop;
  let key: string;
  let work: string;

  beforeAll(async () => {
    ({ server, port } = await listen());
    // A migrated embedded database, closed again: createRuntime opens it as the site does.
    const db = await openTestDatabase(databaseTarget("pglite"));
    dataDir = db.dataDir;
    await db.close();
    config = parseConfig(env(dataDir, port));
    site = await createRuntime(config, { seedIfEmpty: false });
    installRuntime(site);
    drop = await createFixtureDrop(appOf(site), { shortId: "backups", price: PRICE, openEnded: true });
    key = (await createApiKey(serviceContextOf(site), { keyClass: "live", collections: ["backups"] })).key;
    work = mkdtempSync(path.join(tmpdir(), "dropmint-backup-"));
  });

  afterAll(async () => {
    await site?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("answers 404 NOT_FOUND, as for a missing path, without the right admin token", async () => {
    const body = { action: "create", folder: path.join(work, "refused") };
    const wrong: Array<Record<string, string>> = [
      {},
      { "X-Admin-Token": "nope" },
      { "X-Admin-Token": `${site.adminToken}x` },
    ];
    for (const headers of wrong) {
      const response = await callJson("POST", ENDPOINT, { headers, body });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: "No such endpoint.", code: "NOT_FOUND" });
    }
    expect((await callJson("GET", ENDPOINT, { headers: { "X-Admin-Token": site.adminToken! } })).status).toBe(404);
    expect(existsSync(body.folder)).toBe(false);
    // With the token, a relative folder or one that holds something is refused before anything is written.
    const headers = { "X-Admin-Token": site.adminToken! };
    const relative = await callJson("POST", ENDPOINT, { headers, body: { action: "create", folder: "backup" } });
    expect(relative).toMatchObject({ status: 400, body: { success: false, code: "INVALID_REQUEST" } });
    mkdirSync(path.join(work, "taken"));
    writeFileSync(path.join(work, "taken", "note"), "mine");
    const taken = await callJson("POST", ENDPOINT, {
      headers,
      body: { action: "create", folder: path.join(work, "taken") },
    });
    expect(taken).toMatchObject({ status: 400, body: { code: "INVALID_REQUEST" } });
    expect(taken.body!.error).toContain("is not empty");
    expect(readdirSync(path.join(work, "taken"))).toEqual(["note"]);
  });

  it("a backup taken while mints run restores to a site whose database and chain agree", async () => {
    // A wallet per mint: a wallet preparing again and again on one drop is rate-limited.
    const wallets = await Promise.all(Array.from({ length: WALLETS }, () => fundedWallet(appOf(site), FUNDING)));
    const mintedBefore = await mintedIn(site, drop.collectionId);

    // Mints keep coming, MINTERS at once, until the site has written the backup.
    let backupDone = false;
    let minted = 0;
    const minting = Promise.all(
      Array.from({ length: MINTERS }, async () => {
        for (let wallet = wallets.pop(); wallet && !backupDone; wallet = wallets.pop())
          if (await mintOne(drop, key, wallet)) minted += 1;
      }),
    );
    await expect.poll(() => minted, { timeout: 30_000 }).toBeGreaterThanOrEqual(MINTERS);
    const mintedAtStart = await mintedIn(site, drop.collectionId);
    const backup = path.join(work, "during-mints");
    const created = await callJson("POST", ENDPOINT, {
      headers: { "X-Admin-Token": site.adminToken! },
      body: { action: "create", folder: backup },
    });
    backupDone = true;
    await minting;
    expect(created.status, created.text).toBe(200);
    const summary = adminBackupResponseSchema.parse(created.body).backup;
    expect(summary).toMatchObject({ folder: backup, chainSeq: expect.any(Number) });
    const mintedAfter = await mintedIn(site, drop.collectionId);
    expect(mintedAfter).toBeGreaterThan(mintedBefore);

    const manifest: BackupManifest = backupManifestSchema.parse(
      JSON.parse(readFileSync(path.join(backup, "manifest.json"), "utf8")),
    );
    expect(manifest.chain).not.toBeNull();
    expect(manifest.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(["database.tar.gz", "chain.state", "keys/mint-authority.json"]),
    );
    // Everything else in the site's DATA_DIR is deliberately left out, for a reason it names.
    const copied = copiedFolders(dataDir).map((folder) => folder.name);
    for (const entry of readdirSync(dataDir)) expect(copied.includes(entry) || entry in NOT_COPIED, entry).toBe(true);

    const restoredDir = path.join(work, "restored");
    const restored = await runCli("scripts/backup.ts", ["restore", backup, "--data-dir", restoredDir], childEnv(work));
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${backup} into ${restoredDir}`);

    const copy = await createRuntime(parseConfig(env(restoredDir, port)), { seedIfEmpty: false });
    let restoredMinted: number;
    try {
      const ctx = serviceContextOf(copy);
      // What the reconciler does once a pending submit is older than its grace period.
      for (const session of await copy.database.prisma.mintSession.findMany({ where: { status: "pending" } }))
        await reconcileSession(ctx, session);
      const sessions = await copy.database.prisma.mintSession.findMany({
        where: { collectionId: drop.collectionId },
        include: { nft: true },
      });
      const onChain = await Promise.all(sessions.map((s) => copy.chain.getAccountInfo(s.mintAddress)));
      const owners = await copy.chain.getMintOwners(sessions.map((s) => s.mintAddress));
      sessions.forEach((session, i) => {
        const landed = onChain[i] !== null;
        expect(session.status === "minted", `${session.id} ${session.status}, landed ${landed}`).toBe(landed);
        if (landed) {
          expect(session.nft?.status).toBe("minted");
          expect(owners.get(session.mintAddress)).toBe(session.walletAddress);
        }
      });
      restoredMinted = sessions.filter((s) => s.status === "minted").length;
      expect(await mintedIn(copy, drop.collectionId)).toBe(restoredMinted);
      expect(await copy.database.prisma.mint.count({ where: { collectionId: drop.collectionId } })).toBe(
        restoredMinted,
      );
      expect(await copy.chain.getBalance(drop.treasury)).toBe(PRICE * BigInt(restoredMinted));
      // Mints that finished before the backup started are in it; none after it ended can be.
      expect(restoredMinted).toBeGreaterThanOrEqual(mintedAtStart);
      expect(restoredMinted).toBeLessThanOrEqual(mintedAfter);
      expect(manifest.database.counts.collections).toBe(await copy.database.prisma.collection.count());

      // The restored site mints again: its mint authority (the drop's update authority) came along.
      installRuntime(copy);
      const newcomer = await fundedWallet(appOf(copy), FUNDING);
      expect(await mintOne(drop, key, newcomer)).toBe(true);
      expect(await mintedIn(copy, drop.collectionId)).toBe(restoredMinted + 1);
    } finally {
      installRuntime(site);
      await copy.close();
    }

    // With no site running on it, the command opens the folder itself.
    const offline = path.join(work, "offline");
    const direct = await runInProcess("backup", ["create", offline], childEnv(restoredDir));
    expect(direct.stderr).toBe("");
    expect(direct.code).toBe(0);
    const second = backupManifestSchema.parse(JSON.parse(readFileSync(path.join(offline, "manifest.json"), "utf8")));
    // The restored site's mints: those of the backup, the in-flight ones it settled, and its own.
    expect(second.database.counts.nftsMinted).toBe(restoredMinted + 1);
    expect(second.database.counts.nftsMinted).toBeGreaterThan(manifest.database.counts.nftsMinted);
  });

  it("npm run backup asks the running site for the backup, and restores into an empty folder only", async () => {
    const backup = path.join(work, "through-the-site");
    const created = await runInProcess("backup", ["create", backup], childEnv(dataDir));
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(
      new RegExp(`^Backed up ${dataDir} into ${backup} \\(.+\\):\\n  1 drops, \\d+ NFTs minted, \\d+ mint sessions\\n`),
    );
    const occupied = path.join(work, "occupied");
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, "notes.txt"), "someone's data");
    const refused = await runInProcess("backup", ["restore", backup, "--data-dir", occupied], childEnv(work));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `backup: ${occupied} is not empty (it holds notes.txt). A backup is restored into an empty folder only, ` +
        `so nothing of another site mixes with it: move that folder aside, or name a new one with --data-dir.\n`,
    );
    expect(readdirSync(occupied)).toEqual(["notes.txt"]);

    // A file that changed since, or a schema newer than this code: refused, and nothing is left behind.
    const damaged = path.join(work, "damaged");
    cpSync(backup, damaged, { recursive: true });
    const chainFile = path.join(damaged, "chain.state");
    const bytes = readFileSync(chainFile);
    bytes[bytes.length - 1]! ^= 1;
    writeFileSync(chainFile, bytes);
    await expect(restoreBackup(damaged, path.join(work, "from-damaged"))).rejects.toThrow(
      "The backup is damaged: chain.state is not the file it was",
    );
    const newer = path.join(work, "newer");
    cpSync(backup, newer, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(newer, "manifest.json"), "utf8")) as BackupManifest;
    manifest.database.migrations.push("29990101000000_from_the_future");
    writeFileSync(path.join(newer, "manifest.json"), JSON.stringify(manifest));
    await expect(restoreBackup(newer, path.join(work, "from-newer"))).rejects.toThrow(
      "The backup was made by a newer Dropmint (its database has migration 29990101000000_from_the_future",
    );
    expect(readdirSync(work).filter((name) => name.startsWith("from-") || name.includes(".restoring-"))).toEqual([]);
  });

  it("a backup removes what a killed backup left beside it, never a live one's partial folder", async () => {
    const parent = path.join(work, "after-a-kill");
    mkdirSync(parent);
    // The folders a backup killed mid-copy leaves (its process gone), and one a live process is still writing.
    const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
    const abandoned = [`nightly.partial-${gone}-0123abcd`, `weekly.partial-${gone}-89abcdef`];
    const live = `nightly.partial-${process.pid}-fedcba98`;
    for (const name of [...abandoned, live]) {
      mkdirSync(path.join(parent, name, "media"), { recursive: true });
      writeFileSync(path.join(parent, name, "database.tar.gz"), "half a copy");
    }
    const folder = path.join(parent, "nightly");
    const response = await callJson("POST", ENDPOINT, {
      headers: { "X-Admin-Token": site.adminToken! },
      body: { action: "create", folder },
    });
    expect(response.status).toBe(200);
    expect(readdirSync(parent).sort()).toEqual(["nightly", live]);
    expect(
      backupManifestSchema.parse(JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8"))),
    ).toBeTruthy();
  });
});
