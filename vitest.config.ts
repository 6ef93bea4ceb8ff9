import { defineConfig } from "vitest/config";
import path from "node:path";

const UNIT = "tests/unit/**/*.test.ts";
const NOT_VITEST = ["tests/e2e/**", "tests/smoke/**", "node_modules/**"];
// Integration files that need a process of their own: they load fresh copies of the app's
// modules (vi.resetModules), or read what the whole process logged or counted.
const OWN_PROCESS = [
  "tests/api/pipeline/request-logs.test.ts",
  "tests/chain/errors-across-bundles.test.ts",
  "tests/api/metrics.test.ts",
  "tests/api/change-feed.test.ts",
  "tests/server/memory-breakdown.test.ts",
];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // API suites boot real databases and the embedded chain: give them room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores, so at most two files at once.
    maxWorkers: 2,
    globalSetup: ["tests/helpers/temp-folders.ts"],
    setupFiles: ["tests/helpers/setup-env.ts"],
    projects: [
      {
        // Pure rules, schemas and renderers: no database, no chain, nothing left behind (a test
        // that stubs a global restores it). They share a worker's loaded modules instead of
        // importing zod, React and the domain again for each of 65 files, which was most of
        // their time.
        extends: true,
        test: { name: "unit", include: [UNIT], exclude: NOT_VITEST, pool: "threads", isolate: false },
      },
      {
        // Real databases, the embedded chain, CLIs and servers. Files share a worker process and
        // its loaded modules (the app, Prisma, web3.js, PGlite), which was most of their time
        // when each imported them in a fresh process; tests/helpers/setup-env.ts starts each
        // file as a fresh process would and closes what it left open.
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: [...NOT_VITEST, UNIT, ...OWN_PROCESS],
          pool: "forks",
          isolate: false,
        },
      },
      {
        // Files that need a process of their own (OWN_PROCESS says why).
        extends: true,
        test: { name: "own-process", include: OWN_PROCESS, exclude: NOT_VITEST, pool: "forks", isolate: true },
      },
    ],
  },
});
