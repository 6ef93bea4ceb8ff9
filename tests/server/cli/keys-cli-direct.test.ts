// `npm run keys` with no site running: it opens the embedded database itself (taking its
// lock), prints the new key once, and `list` shows it by prefix only. A real PGlite
// folder, real child processes.
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, pgliteLockPath } from "@/lib/db/client";
import { hashApiKey } from "@/lib/auth/api-keys";
import { findLiveKeyByHash } from "@/lib/services/api-keys";
import { databaseTarget, openTestDatabase, type TestDatabase } from "../../helpers/databases";
import { childEnv, keysIn, runTsx } from "./helpers";

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
    const created = await runTsx("scripts/keys.ts", ["create", "--class", "live", "--collections", "sprites"], env);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const keys = keysIn(created.stdout);
    expect(keys).toHaveLength(1);
    const key = keys[0]!;
    expect(created.stdout).toContain("Store this key now: it is kept only as a hash and cannot be shown again.");
    expect(created.stdout).toContain("This is a secret key: use it from servers only, never in browser code.");
    expect(created.stdout).toContain("  collections: sprites\n");
    expect(existsSync(pgliteLockPath(db.dataDir))).toBe(false); // released on exit

    const listed = await runTsx("scripts/keys.ts", ["list"], env);
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
    const result = await runTsx(
      "scripts/keys.ts",
      ["create", "--class", "gold", "--collections", "all"],
      childEnv(db.dataDir),
    );
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
    const banned = await runTsx("scripts/keys.ts", ["ban", "sprites", "--reason", "Takedown request"], env);
    expect([banned.code, banned.stderr]).toEqual([0, ""]);
    expect(banned.stdout).toContain("sprites  banned ");
    expect(banned.stdout).toContain('"Takedown request"');

    const listed = await runTsx("scripts/keys.ts", ["bans"], env);
    expect(listed.stdout).toMatch(/^sprites {2}banned \S+ {2}"Takedown request"\n$/);

    const lifted = await runTsx("scripts/keys.ts", ["unban", "sprites"], env);
    expect([lifted.code, lifted.stdout.endsWith("Unbanned.\n")]).toEqual([0, true]);
    expect((await runTsx("scripts/keys.ts", ["bans"], env)).stdout).toBe("No banned drops.\n");
  });

  it("asks for a reason before opening anything", async () => {
    const result = await runTsx("scripts/keys.ts", ["ban", "sprites"], childEnv(db.dataDir));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("keys: --reason is required");
  });
});
