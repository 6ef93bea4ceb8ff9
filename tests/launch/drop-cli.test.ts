// `npm run drop` as a creator runs it, in a real child process: validate says the folder is
// ready (with its assets hash) or lists every problem and exits 1 having written nothing;
// a usage mistake exits 2 with the usage (show is run in drop-resume.test.ts, where a drop exists).
import { existsSync, mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../server/cli/helpers";
import { copyExample, editJson } from "./helpers";

describe("npm run drop, as a creator runs it", () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-cli-"));
    env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "test" };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("validate: a ready folder, with its phases and assets hash", async () => {
    const result = await runCli("scripts/drop.ts", ["validate", "examples/sugar-drop"], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Checking images\s+\[#+\] 11\/11\s+[\d.]+\/s\s+[\d.]+ s/); // counts, rate, time
    expect(result.stdout).toContain("examples/sugar-drop is ready to launch:");
    expect(result.stdout).toMatch(/Night Moths \(MOTH\): 10 NFTs, 2 phases/);
    expect(result.stdout).toMatch(/Assets hash:\s+[1-9A-HJ-NP-Za-km-z]{32}/);
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false); // nothing opened, nothing written
  });

  it("validate: every problem at once with its file and path, exit 1, nothing written", async () => {
    const folder = copyExample();
    unlinkSync(path.join(folder, "assets/4.png"));
    editJson(path.join(folder, "config.json"), (c) => {
      c.guards.default.botTax = { value: 0.01, lastInstruction: true };
      c.guards.groups[1].guards.startDate.date = "soon";
    });
    const result = await runCli("scripts/drop.ts", ["validate", folder], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("2 problems in");
    expect(result.stdout).toContain("Note: config.json › guards.default.botTax: botTax is kept but has no effect:");
    expect(result.stdout).toContain('config.json › guards.groups[1].guards.startDate.date: "soon" is not a date');
    expect(result.stdout).toContain("assets/4.png: is missing");
    expect(result.stderr).toContain("was refused; nothing was written");
    rmSync(folder, { recursive: true, force: true });
  });

  it("a usage mistake exits 2 with the usage", async () => {
    const usage = await runCli("scripts/drop.ts", ["launch", "examples/sugar-drop"], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Unknown command "launch"');
    expect(usage.stderr).toContain("npm run drop -- validate <folder>");
  });
});
