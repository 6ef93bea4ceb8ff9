// scripts/run.mjs, how package.json runs the CLIs: the script is compiled by esbuild into one
// module in the temporary folder, yet it sees itself as it does under tsx. Its arguments,
// import.meta.url, dirname and filename are its source's, and so are every imported project
// file's: a script finds the files beside it and knows whether it is the entry. Packages
// resolve, and the exit code is the script's.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "./helpers";

const FIXTURE = path.join(ROOT, "tests/server/cli/fixtures/print-meta.ts");

describe("scripts/run.mjs", () => {
  it("runs a TypeScript CLI with its own arguments, import.meta and entry check, and its exit code", async () => {
    const result = await runCli("tests/server/cli/fixtures/print-meta.ts", ["one", "two words"], process.env);
    expect(result.code, result.stderr).toBe(3);
    expect(JSON.parse(result.stdout)).toEqual({
      argv: [FIXTURE, "one", "two words"],
      url: pathToFileURL(FIXTURE).href,
      dirname: path.dirname(FIXTURE),
      filename: FIXTURE,
      isEntry: true,
      imported: { dirname: path.join(path.dirname(FIXTURE), "meta"), isEntry: false },
      parsed: 7,
    });
  });

  it("says how to use it when no script is named", () => {
    const result = spawnSync(process.execPath, ["scripts/run.mjs"], { cwd: ROOT, encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("usage: node scripts/run.mjs <script.ts>");
  });
});
