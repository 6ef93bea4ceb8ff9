import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "tests/smoke/**", "node_modules/**"],
    // API suites boot real databases and the embedded chain: give them room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files run in separate worker processes; two cores, so at most two at once.
    pool: "forks",
    maxWorkers: 2,
    globalSetup: ["tests/helpers/temp-folders.ts"],
    setupFiles: ["tests/helpers/setup-env.ts"],
  },
});
