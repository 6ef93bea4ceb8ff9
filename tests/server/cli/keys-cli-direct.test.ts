// `npm run keys` with no site running: it opens the embedded database itself (taking its
// lock), prints the new key once, and `list` shows it by prefix only. A real PGlite
// folder; the first command runs in a real child process (the script's wiring: entry, exit
// code, lock released on exit), the others run the same entry in-process (seconds each
// fewer: no new Node, no reloading the database client).
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, pgliteLockPath } from "@/lib/db/client";
import { hashApiKey } from "@/lib/auth/api-keys";
import { findLiveKeyByHash } from "@/lib/services/api-keys";
import { databaseTarget, openTestDatabase, type TestDatabase } from "../../helpers/databases";
import { childEnv, keysIn, runKeysInProcess, runCli } from "./helpers";

describe("npm run keys on the embedded database, no site running", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(databaseTarget("pglite"));
    await db.prisma.collection.create({
      data: {
        shortId: "sprites",
        name: "Sprites",
        chain: "solana-localnet",
        treasuryAddress: "TreasuryAddress1111111111111111111111111111",
      },
    });
    await db.close(); // nobody holds it now
  });
  afterAll(() => db.dispose());

  it("creates a key, prints it once, lists it without the secret", async () => {
    const env = childEnv(db.dataDir);
    const created = await runCli("scripts/keys.ts", ["create", "--class", "live", "--collections", "sprites"], env);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const keys = keysIn(created.stdout);
    expect(keys).toHaveLength(1);
    const key = keys[0]!;
    expect(created.stdout).toContain("Store this key now: it is kept only as a hash and cannot be shown again.");
    expect(created.stdout).toContain("This is a secret key: use it from servers only, never in browser code.");
    expect(created.stdout).toContain("  collections: sprites\n");
    expect(existsSync(pgliteLockPath(db.dataDir))).toBe(false); // released on exit

    const listed = await runKeysInProcess(["list"], env);
    expect(listed.code).toBe(0);
    const prefix = key.slice(0, "dm_live_".length + 8);
    expect(listed.stdout).toContain(`${prefix}…  live  id `);
    expect(listed.stdout).toContain("  revoked:     no");
    expect(keysIn(listed.stdout)).toEqual([]);

    // The key the CLI printed is the one stored (by hash) and live.
    const database = await openDatabase({ dataDir: db.dataDir });
    try {
      expect(await findLiveKeyByHash({ db: database.prisma }, hashApiKey(key))).toMatchObject({
        keyClass: "live",
        allCollections: false,
      });
    } finally {
      await database.close();
    }
  });

  it("reports usage mistakes without opening anything", async () => {
    const result = await runKeysInProcess(["create", "--class", "gold", "--collections", "all"], childEnv(db.dataDir));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("keys: --class must be one of pub, live, test.");
    expect(result.stderr).toContain("Usage:");
  });
});

describe("npm run keys -- ban, unban, bans (issue 22: banned assets)", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(databaseTarget("pglite"));
    await db.prisma.collection.create({
      data: {
        shortId: "sprites",
        name: "Sprites",
        chain: "solana-localnet",
        treasuryAddress: "TreasuryAddress1111111111111111111111111111",
      },
    });
    await db.close();
  });
  afterAll(() => db.dispose());

  it("bans a drop by short ID with a reason, lists it, and lifts the ban", async () => {
    const env = childEnv(db.dataDir);
    const banned = await runKeysInProcess(["ban", "sprites", "--reason", "Takedown request"], env);
    expect([banned.code, banned.stderr]).toEqual([0, ""]);
    expect(banned.stdout).toContain("sprites  banned ");
    expect(banned.stdout).toContain('"Takedown request"');

    const listed = await runKeysInProcess(["bans"], env);
    expect(listed.stdout).toMatch(/^sprites {2}banned \S+ {2}"Takedown request"\n$/);

    const lifted = await runKeysInProcess(["unban", "sprites"], env);
    expect([lifted.code, lifted.stdout.endsWith("Unbanned.\n")]).toEqual([0, true]);
    expect((await runKeysInProcess(["bans"], env)).stdout).toBe("No banned drops.\n");
  });

  it("asks for a reason before opening anything", async () => {
    const result = await runKeysInProcess(["ban", "sprites"], childEnv(db.dataDir));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("keys: --reason is required");
  });

  it("moderates a collector's profile: clears the name and avatar, blocks and unblocks the wallet", async () => {
    const wallet = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
    const seeded = await openDatabase({ dataDir: db.dataDir });
    await seeded.prisma.profile.create({
      data: { walletAddress: wallet, displayName: "Loud", displayNameKey: "loud", avatarMint: "M", avatarUrl: "u" },
    });
    await seeded.close();
    const env = childEnv(db.dataDir);
    const profile = async () => {
      const database = await openDatabase({ dataDir: db.dataDir });
      try {
        return await database.prisma.profile.findUniqueOrThrow({ where: { walletAddress: wallet } });
      } finally {
        await database.close();
      }
    };

    const named = await runKeysInProcess(["profile", "clear-name", wallet], env);
    expect([named.code, named.stderr]).toEqual([0, ""]);
    expect(named.stdout).toContain(`${wallet}  name cleared  (blocked from profiles: no)`);
    expect(await profile()).toMatchObject({ displayName: null, displayNameKey: null, avatarUrl: "u" });

    const blocked = await runKeysInProcess(["profile", "block", wallet, "--reason", "Spam"], env);
    expect(blocked.stdout).toContain("blocked; name and avatar cleared  (blocked from profiles: yes)");
    const blockedProfile = await profile();
    expect(blockedProfile).toMatchObject({ avatarUrl: null, avatarMint: null, blockReason: "Spam" });
    expect(blockedProfile.blockedAt).not.toBeNull();

    await runKeysInProcess(["profile", "unblock", wallet], env);
    expect((await profile()).blockedAt).toBeNull();

    const mistake = await runKeysInProcess(["profile", "erase", wallet], env);
    expect([mistake.code, mistake.stderr.includes("profile takes one of clear-name")]).toEqual([2, true]);
  });
});
