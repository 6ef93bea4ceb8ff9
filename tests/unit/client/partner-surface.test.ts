// Issue 22 item 13: @dropmint/client's partner surface works with a partner key. Every call
// of the package's main entry point reaches /api/v1 (the first-party router refuses every
// partner key, and the local chain's routes exist only on localnet); the faucet and the local
// balance live in the separate "./local" entry point, for local development.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as partnerPackage from "@/lib/client/index";
import * as localEntry from "@/lib/client/local";
import { json, startScriptedServer } from "./scripted-server";

const CLIENT_DIR = path.join(process.cwd(), "lib/client");

describe("the partner package's surface", () => {
  it("sends every call of the main entry point to /api/v1, with the partner key", async () => {
    const server = await startScriptedServer((_request, response) => json(response, 200, { success: true }));
    try {
      const client = partnerPackage.createDropmintClient({
        baseUrl: server.baseUrl,
        apiKey: "dm_live_x",
        pacing: null,
      });
      const calls = Object.entries(client) as Array<[string, (...args: unknown[]) => Promise<unknown>]>;
      const argsOf = (name: string): unknown[] =>
        name === "executeMintBatch" ? [[{ sessionId: "s", signedTransaction: "t" }]] : ["a1", "a2", "a3"];
      for (const [name, call] of calls) await call(...argsOf(name)).catch(() => undefined);
      expect(server.requests.length).toBeGreaterThanOrEqual(calls.length);
      const paths = server.requests.map((request) => request.url);
      expect(
        paths.filter((url) => !url.startsWith("/api/v1")),
        "calls outside /api/v1",
      ).toEqual([]);
      expect(server.requests.every((request) => request.headers["x-api-key"] === "dm_live_x")).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("keeps the local chain's calls in the ./local entry point, packed and exported", async () => {
    expect(Object.keys(partnerPackage)).not.toContain("createLocalnetClient");
    const server = await startScriptedServer((_request, response) =>
      json(response, 200, { success: true, signature: "s", lamports: 1, balance: 1 }),
    );
    try {
      const local = localEntry.createLocalnetClient({ baseUrl: server.baseUrl, pacing: null });
      expect(Object.keys(local).sort()).toEqual([
        "getLocalBalance",
        "getLocalStablecoinBalance",
        "requestAirdrop",
        "requestTestStablecoin",
      ]);
      await local.requestAirdrop("Wallet1", 1);
      await local.getLocalBalance("Wallet1");
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        "POST /api/localnet/faucet",
        "GET /api/localnet/balance/Wallet1",
      ]);
    } finally {
      await server.close();
    }
    const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, "package.json"), "utf8"));
    expect(manifest.exports["./local"]).toEqual({ types: "./dist/local.d.ts", import: "./dist/local.js" });
    const build = JSON.parse(readFileSync(path.join(CLIENT_DIR, "tsconfig.build.json"), "utf8"));
    expect(build.files).toEqual(["index.ts", "local.ts"]);
  });
});
