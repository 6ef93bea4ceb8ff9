// Smoke tests run against the production build (`next build` first), served the way
// `npm start` serves it, in real child processes.
import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/smoke/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Two files at once: each starts its own site on a free port with its own DATA_DIR and
    // mostly waits on that child, so the two cores run two sites instead of one.
    maxWorkers: 2,
    globalSetup: ["tests/helpers/temp-folders.ts"],
    setupFiles: ["tests/helpers/setup-env.ts"],
  },
});
