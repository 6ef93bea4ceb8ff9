import { defineConfig } from "vitest/config";
import path from "node:path";

const UNIT = "tests/unit/**/*.test.ts";
const NOT_VITEST = ["tests/e2e/**", "tests/smoke/**", "node_modules/**"];

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
        // Real databases, the embedded chain, CLIs and servers: each file in its own process,
        // so one file's connections, timers and environment never reach another.
        extends: true,
        test: { name: "integration", include: ["tests/**/*.test.ts"], exclude: [...NOT_VITEST, UNIT], pool: "forks" },
      },
    ],
  },
});
