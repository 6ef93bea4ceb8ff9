// The typed client as partners get it: `npm pack` in lib/client builds the package (ESM and
// type declarations), a scratch folder installs the tarball offline, and the README's own
// example (read, then prepare → sign with a keypair → execute) runs there against the built
// site. The package depends on nothing; @solana/web3.js, which the example signs with, is
// the partner's own dependency, linked in from this project.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runScript, startSite, type Site } from "../helpers/site-process";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLIENT_DIR = path.join(ROOT, "lib/client");

describe("the packed client from a scratch folder", () => {
  let scratch: string;
  let dataDir: string;
  let site: Site | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), "dropmint-client-"));
    dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-client-site-"));
    const port = String(await freePort());
    env = { PORT: port, DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, DEMO_ACTIVITY_MINUTES: "0" };
    site = await startSite(env);
  });
  afterAll(async () => {
    await site?.stop("SIGKILL");
    rmSync(scratch, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("packs ESM and declarations only, installs offline, type-checks, and runs the README's mint flow", async () => {
    const npm = (args: string[], cwd: string) =>
      execFileSync("npm", args, {
        cwd,
        encoding: "utf8",
        env: { ...process.env, npm_config_update_notifier: "false" },
      });
    const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", scratch], CLIENT_DIR)) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    const files = packed[0]!.files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining(["package.json", "README.md", "dist/index.js", "dist/index.d.ts", "dist/local.js"]),
    );
    expect(
      files.filter((file) => !/^dist\/.+\.(js|d\.ts)$/.test(file) && !["package.json", "README.md"].includes(file)),
    ).toEqual([]);

    writeFileSync(
      path.join(scratch, "package.json"),
      JSON.stringify({ name: "partner-app", private: true, type: "module" }),
    );
    npm(["install", "--offline", "--no-audit", "--no-fund", path.join(scratch, packed[0]!.filename)], scratch);
    const installed = path.join(scratch, "node_modules/@dropmint/client");
    expect(JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8"))).toMatchObject({ version: "1.0.0" });
    expect(readdirSync(path.join(scratch, "node_modules")).sort()).toEqual([".package-lock.json", "@dropmint"]);
    // No framework, no zod, no path alias of the site: it stands alone.
    for (const file of readdirSync(path.join(installed, "dist"), { recursive: true }).map(String)) {
      if (/\.(js|ts)$/.test(file))
        expect(readFileSync(path.join(installed, "dist", file), "utf8"), file).not.toMatch(
          /from "(react|next|zod|@\/)/,
        );
    }

    // A partner's TypeScript sees the declarations, with NodeNext resolution and no skipLibCheck.
    writeFileSync(
      path.join(scratch, "check.ts"),
      'import { createDropmintClient, type CollectionResponse, type PreparedMintResponse } from "@dropmint/client";\n' +
        "const client = createDropmintClient({ baseUrl: 'http://localhost:3000' });\n" +
        "export const read: Promise<CollectionResponse> = client.getCollection('aurora');\n" +
        "export const count = (prepared: PreparedMintResponse): number => prepared.transactions.length;\n",
    );
    execFileSync(
      path.join(ROOT, "node_modules/.bin/tsc"),
      [
        "--noEmit",
        "--strict",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        "--target",
        "es2022",
        "--lib",
        "es2023,dom",
        "check.ts",
      ],
      {
        cwd: scratch,
        encoding: "utf8",
      },
    );

    // The README's example, verbatim.
    const readme = readFileSync(path.join(CLIENT_DIR, "README.md"), "utf8");
    const example = /```js\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(example.trim().split("\n").length).toBeLessThanOrEqual(20);
    writeFileSync(path.join(scratch, "mint.mjs"), example);
    mkdirSync(path.join(scratch, "node_modules/@solana"), { recursive: true });
    symlinkSync(
      path.join(ROOT, "node_modules/@solana/web3.js"),
      path.join(scratch, "node_modules/@solana/web3.js"),
      "dir",
    );

    const created = await runScript("keys.ts", ["create", "--class", "live", "--collections", "aurora"], env);
    const apiKey = /^\s*(dm_live_[1-9A-HJ-NP-Za-km-z]{40,})\s*$/m.exec(created.stdout)![1]!;
    const output = execFileSync(process.execPath, ["mint.mjs"], {
      cwd: scratch,
      encoding: "utf8",
      env: { ...process.env, DROPMINT_URL: site!.url, DROPMINT_API_KEY: apiKey },
    });
    expect(output).toMatch(/^minted 1 in [1-9A-HJ-NP-Za-km-z]{64,88}\n$/);
  });
});
