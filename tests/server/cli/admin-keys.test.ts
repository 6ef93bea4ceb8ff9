// The running site's side of `npm run keys`: createRuntime on the embedded database writes
// <DATA_DIR>/instance.json (0600) with an admin token, POST /api/internal/keys accepts only
// that token (anything else looks like a missing path), and the keys CLI — finding the
// database held — sends its command there and prints what the direct path prints.
// Real runtime (PGlite + embedded chain), a real HTTP listener; the first command runs in a
// real child process, the others run the same CLI entry in-process (seconds each fewer; the
// site still holds the database, so they take the same path through the admin endpoint).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { createRuntime } from "@/lib/server/create-runtime";
import { installRuntime, type Runtime } from "@/lib/server/runtime";
import { instanceFilePath, readInstanceFile, writeInstanceFile } from "@/lib/server/instance-file";
import { databaseTarget, openTestDatabase, type TestDatabase } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { listen } from "../../helpers/route-listener";
import { childEnv, keysIn, runKeysInProcess, runCli } from "./helpers";

const ENDPOINT = "/api/internal/keys";

describe("admin keys endpoint and the keys CLI through the running site", () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    ({ server } = await listen());
    const port = (server.address() as AddressInfo).port;
    // A migrated embedded database, closed again: createRuntime opens it as the site does.
    db = await openTestDatabase(databaseTarget("pglite"));
    dataDir = db.dataDir;
    await db.close();
    const config = parseConfig({
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: "silent",
      RATE_LIMIT_READS_PER_MINUTE: "100000",
    });
    runtime = await createRuntime(config, { seedIfEmpty: false });
    installRuntime(runtime);
    token = runtime.adminToken!;
    await runtime.database.prisma.collection.create({
      data: {
        shortId: "sprites",
        name: "Sprites",
        chain: config.chainName,
        treasuryAddress: "TreasuryAddress1111111111111111111111111111",
      },
    });
  });

  afterAll(async () => {
    await runtime?.close();
    if (dataDir) expect(existsSync(instanceFilePath(dataDir))).toBe(false);
    await new Promise((resolve) => server?.close(resolve));
    await db?.dispose();
  });

  it("the runtime wrote instance.json, private to its user, with its pid, address and token", () => {
    const file = instanceFilePath(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const info = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    expect(info).toEqual({
      pid: process.pid,
      adminUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      adminToken: token,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
  });

  it("answers 404 NOT_FOUND, as for a missing path, without the right token", async () => {
    const attempts = [
      callJson("POST", ENDPOINT, { body: { action: "list" } }),
      callJson("POST", ENDPOINT, { body: { action: "list" }, headers: { "X-Admin-Token": "nope" } }),
      callJson("POST", ENDPOINT, { body: { action: "list" }, headers: { "X-Admin-Token": `${token}x` } }),
      callJson("POST", ENDPOINT, { body: { action: "list" }, headers: { "X-Admin-Token": token.slice(0, -1) } }),
      callJson("GET", ENDPOINT, { headers: { "X-Admin-Token": token } }),
      callJson("DELETE", ENDPOINT, { headers: { "X-Admin-Token": token } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: "No such endpoint.", code: "NOT_FOUND" });
    }
    // A runtime without a token (PostgreSQL) accepts nothing, not even an empty header.
    installRuntime({ ...runtime, adminToken: undefined });
    try {
      expect(
        (await callJson("POST", ENDPOINT, { body: { action: "list" }, headers: { "X-Admin-Token": "" } })).status,
      ).toBe(404);
    } finally {
      installRuntime(runtime);
    }
  });

  it("with the token: creates a working key, lists keys without secrets, revokes", async () => {
    const headers = { "X-Admin-Token": token };
    const created = await callJson("POST", ENDPOINT, {
      headers,
      body: { action: "create", keyClass: "live", collections: ["sprites"], label: "shop" },
    });
    expect(created.status).toBe(200);
    const key = created.body!.key as string;
    expect(keysIn(key)).toEqual([key]);
    expect(created.body!.apiKey).toMatchObject({
      keyClass: "live",
      label: "shop",
      collections: ["sprites"],
      allCollections: false,
      revokedAt: null,
    });
    expect(created.body!.apiKey).not.toHaveProperty("keyHash");

    const root = await callJson("GET", "/api/v1", { headers: { "X-API-Key": key } });
    expect(root.status).toBe(200);
    expect((await callJson("GET", "/api/v1", { headers: { "X-API-Key": `${key.slice(0, -2)}zz` } })).status).toBe(401);

    const listed = await callJson("POST", ENDPOINT, { headers, body: { action: "list" } });
    expect(listed.status).toBe(200);
    expect(listed.body!.apiKeys).toEqual([
      expect.objectContaining({ id: created.body!.apiKey.id, displayPrefix: created.body!.apiKey.displayPrefix }),
    ]);
    expect(listed.text).not.toContain(key.slice(created.body!.apiKey.displayPrefix.length));
    expect(listed.text).not.toContain("keyHash");

    const revoked = await callJson("POST", ENDPOINT, {
      headers,
      body: { action: "revoke", idOrPrefix: created.body!.apiKey.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body!.apiKey.revokedAt).toEqual(expect.any(String));

    // Service errors and bad bodies come back in the same envelope.
    const unknown = await callJson("POST", ENDPOINT, {
      headers,
      body: { action: "revoke", idOrPrefix: "dm_live_nothere1" },
    });
    expect(unknown).toMatchObject({ status: 404, body: { success: false, code: "NOT_FOUND" } });
    expect(unknown.body!.error).toContain("No API key has the id or prefix");
    const bad = await callJson("POST", ENDPOINT, { headers, body: { action: "delete" } });
    expect(bad).toMatchObject({ status: 400, body: { success: false, code: "INVALID_REQUEST" } });
    const badClass = await callJson("POST", ENDPOINT, {
      headers,
      body: { action: "create", keyClass: "gold", collections: "all" },
    });
    expect(badClass).toMatchObject({ status: 400, body: { code: "INVALID_REQUEST" } });
    const pubWithoutOrigin = await callJson("POST", ENDPOINT, {
      headers,
      body: { action: "create", keyClass: "pub", collections: "all" },
    });
    expect(pubWithoutOrigin).toMatchObject({ status: 400, body: { code: "INVALID_REQUEST" } });
  });

  it("npm run keys goes through the site while it holds the database, printing what the direct path prints", async () => {
    const env = childEnv(dataDir);
    const created = await runCli(
      "scripts/keys.ts",
      ["create", "--class", "test", "--collections", "sprites", "--label", "via site"],
      env,
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const [key, ...more] = keysIn(created.stdout);
    expect(key).toBeDefined();
    expect(more).toEqual([]);
    const prefix = key!.slice(0, "dm_test_".length + 8);
    expect(created.stdout).toMatch(
      new RegExp(
        `^${prefix}…  test  id [0-9a-f-]{36}  "via site"\\n  collections: sprites\\n  origins:     \\(any; not origin-bound\\)\\n` +
          `  created:     \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\n  revoked:     no\\n\\n  ${key}\\n\\n` +
          `Store this key now: it is kept only as a hash and cannot be shown again.\\n$`,
      ),
    );
    expect((await callJson("GET", "/api/v1", { headers: { "X-API-Key": key! } })).status).toBe(200);

    const listed = await runKeysInProcess(["list"], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${prefix}…  test`);
    expect(listed.stdout).toMatch(/revoked:     \d{4}-/); // the key revoked by the previous test
    expect(keysIn(listed.stdout)).toEqual([]);

    const revoked = await runKeysInProcess(["revoke", prefix], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain("Revoked. Running instances stop accepting it within 10 seconds.");
    expect(revoked.stdout).toMatch(/revoked:     \d{4}-/);

    const missing = await runKeysInProcess(["create", "--class", "live", "--collections", "nope"], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("keys: Unknown collection short ID: nope.\n");
  });

  it("issues sandbox keys for the sample collection only: refused for another drop, issued for the samples without --collections", async () => {
    await runtime.database.prisma.collection.create({
      data: {
        shortId: "other",
        name: "Other",
        chain: runtime.config.chainName,
        treasuryAddress: "TreasuryAddress1111111111111111111111111111",
      },
    });
    const env = childEnv(dataDir);
    const refused = await runKeysInProcess(["create", "--class", "test", "--collections", "sprites,other"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("keys: A sandbox (test) key reaches only the sample collection sprites; not other.\n");

    const sample = await runKeysInProcess(["create", "--class", "test"], env);
    expect(sample.code).toBe(0);
    const [key] = keysIn(sample.stdout);
    expect(sample.stdout).toContain("collections: all");
    expect((await callJson("GET", "/api/v1/collections/sprites", { headers: { "X-API-Key": key! } })).status).toBe(200);
    expect((await callJson("GET", "/api/v1/collections/other", { headers: { "X-API-Key": key! } })).body).toMatchObject(
      { code: "COLLECTION_NOT_IN_SCOPE" },
    );
  });

  it("says clearly when the site holding the database cannot be reached or left no instance file", async () => {
    const info = readInstanceFile(dataDir)!;
    const closed = await listen();
    const closedPort = closed.port;
    await new Promise((resolve) => closed.server.close(resolve));
    try {
      writeInstanceFile(dataDir, { ...info, adminUrl: `http://127.0.0.1:${closedPort}` });
      const unreachable = await runKeysInProcess(["list"], childEnv(dataDir));
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toContain(
        `The site (pid ${process.pid}) holds the embedded database, but it could not be reached at http://127.0.0.1:${closedPort}`,
      );

      writeInstanceFile(dataDir, { ...info, adminToken: "stale" });
      const refused = await runKeysInProcess(["list"], childEnv(dataDir));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("did not accept the admin token");

      unlinkSync(instanceFilePath(dataDir));
      const noFile = await runKeysInProcess(["list"], childEnv(dataDir));
      expect(noFile.code).toBe(1);
      expect(noFile.stderr).toContain(
        `is in use by process ${process.pid}, but there is no ${instanceFilePath(dataDir)}`,
      );
    } finally {
      writeInstanceFile(dataDir, info);
    }
  });
});
