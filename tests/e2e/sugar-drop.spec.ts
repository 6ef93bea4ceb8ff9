// A creator's drop, end to end: `npm run drop -- create examples/sugar-drop` against the
// running site (it holds the embedded database and chain, so the command goes through its
// admin endpoint), then the printed short link opens in Chromium, shows the moths from the
// media store, and the burner wallet mints one in the public phase. Runs after the other
// specs (file order), so their counts of the demo drops are untouched.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { NOTED_GUARDS, REFUSED_GUARDS, SUPPORTED_GUARDS } from "../../lib/domain/sugar-guards";
import { test, expect, saveScreenshot, mintAndConfirm } from "./fixtures";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

test("create the example drop with the CLI, open its short link and mint one with the burner wallet", async ({
  page,
  request,
  baseURL,
}) => {
  const started = Date.now();
  const { stdout } = await run(
    process.execPath,
    ["scripts/run.mjs", "scripts/drop.ts", "create", "examples/sugar-drop"],
    {
      cwd: ROOT,
      // The site's own data folder (playwright.config.ts): the command finds it running there.
      env: {
        ...process.env,
        DATA_DIR: "test-results/e2e-data",
        PUBLIC_URL: baseURL,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
      },
      timeout: 60_000,
    },
  );
  console.log(`drop create: ${Date.now() - started} ms`);
  expect(stdout).toContain("Creating the drop in the running site");
  expect(stdout).toMatch(/^Created in /m);
  const link = /Short link:\s+(\S+)/.exec(stdout)![1]!;
  const card = /Share card:\s+(\S+)/.exec(stdout)![1]!;
  expect(link).toBe(`${baseURL}/d/moths`);

  const share = await request.get(card);
  expect(share.status()).toBe(200);
  expect(share.headers()["content-type"]).toBe("image/png");

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Night Moths", level: 1 })).toBeVisible();
  // The gallery's art comes from the media store, web-sized.
  const art = page.locator('img[src*="/media/moths/"]').first();
  await expect(art).toBeVisible();
  expect(await art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
  await page.getByRole("button", { name: "Get test SOL" }).click();
  await expect(page.getByText(/Balance: [1-9][\d.]* SOL/)).toBeVisible();
  const publicPhase = page.getByRole("radio", { name: /Public/ });
  if ((await publicPhase.count()) > 0) await publicPhase.check();
  await expect(page.getByTestId("wallet-allowance")).toContainText(/5 more/);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
  await mintAndConfirm(page, 1);
  const result = page.getByTestId("mint-result");
  await expect(result).toContainText(/You minted 1 NFT/, { timeout: 60_000 });
  await expect(result).toContainText(/Night Moth/);
  await saveScreenshot(page, "sugar-drop-minted");

  const after = await request.get("/api/v1/collections/moths", { headers: { origin: new URL(baseURL!).origin } });
  expect(((await after.json()) as { stats: { mintedCount: number } }).stats.mintedCount).toBe(1);
});

test("the docs list every guard Dropmint honours and every one it refuses, with the reason, and dropmint.json's schema", async ({
  page,
}) => {
  await page.goto("/docs#creators");
  const supported = page.getByTestId("supported-guards");
  for (const name of Object.keys(SUPPORTED_GUARDS))
    await expect(supported.getByRole("row", { name: new RegExp(`^${name} `) })).toBeVisible();
  const refused = page.getByTestId("refused-guards");
  for (const [name, reason] of Object.entries(REFUSED_GUARDS))
    await expect(refused.getByRole("row", { name: new RegExp(`^${name} `) })).toContainText(reason);
  const noted = page.getByTestId("noted-guards");
  for (const [name, reason] of Object.entries(NOTED_GUARDS))
    await expect(noted.getByRole("row", { name: new RegExp(`^${name} `) })).toContainText(reason);
  await expect(page.getByTestId("dropmint-json-schema")).toContainText('"shortId"');
});
