// End-to-end tests: real Chromium (Debian's) against the production build (`next build`
// first), served as `npm start` serves it, on the embedded defaults with a fresh data
// folder: PGlite, the embedded chain and the demo drops. DROPMINT_TEST_CONTROLS lets a test
// move a phase's start so a countdown rolls over while the page is open.
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = "test-results/e2e-data";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  // One site, one chain: tests share state, so they run one at a time in a set order.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      // Offline machines: no background networking, no sandbox (tests may run as root).
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } },
    // The newcomer's walk again at an address other than PUBLIC_URL (a phone on the LAN, 127.0.0.1
    // against localhost): its pages must load every image and sound from their own origin. The
    // phone's width only: that is who opens the site by a LAN address, and the desktop walk
    // already runs in the project above (one walk fewer keeps CI short).
    {
      name: "localhost",
      testMatch: "newcomer.spec.ts",
      grep: /375 px: home →/,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${PORT}` },
    },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 scripts/serve.mjs`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR,
      PUBLIC_URL: BASE_URL,
      DROPMINT_TEST_CONTROLS: "1",
      // No background demo mints: the suite counts what it mints (demo-activity is tested on its own).
      DEMO_ACTIVITY_MINUTES: "0",
      // Every browser of the suite calls from one IP: room for its chain-backed reads (balance, gated eligibility).
      RATE_LIMIT_CHAIN_READS_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
  },
});
