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
    maxWorkers: 1,
    globalSetup: ["tests/helpers/temp-folders.ts"],
    setupFiles: ["tests/helpers/setup-env.ts"],
  },
});
