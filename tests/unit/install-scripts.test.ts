// npm 12 skips a dependency's install scripts unless package.json's `allowScripts` approves
// them (npm 11 only warns). bigint-buffer's native build is one of them: skipped, web3.js
// falls back to pure JS and says so at every start. So every dependency the lockfile marks
// as having an install script has a decision recorded, and no decision outlives its package.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Lockfile = { packages: Record<string, { hasInstallScript?: boolean }> };
type Manifest = { allowScripts?: Record<string, boolean> };

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(process.cwd(), file), "utf8")) as T;

/** The package name of a lockfile key ("node_modules/a/node_modules/@b/c" → "@b/c"); the root is "". */
function packageName(key: string): string {
  return key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
}

describe("install scripts", () => {
  it("every dependency with an install script is approved or denied in allowScripts, and only those", () => {
    const lockfile = readJson<Lockfile>("package-lock.json");
    const manifest = readJson<Manifest>("package.json");
    const withScripts = Object.entries(lockfile.packages)
      .filter(([key, entry]) => key !== "" && entry.hasInstallScript)
      .map(([key]) => packageName(key));
    const decided = Object.keys(manifest.allowScripts ?? {});
    expect(new Set(decided)).toEqual(new Set(withScripts));
  });
});
