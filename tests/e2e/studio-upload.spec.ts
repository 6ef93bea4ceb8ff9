// Launching from the browser (issue 26, item 1): the creator signs in on /studio/new with the
// burner wallet, picks examples/sugar-drop with a planted problem, sees it listed by file and
// JSON path, fixes it, picks the folder again, previews the drop page and launches it; the
// short link opens the live drop in a second browser context.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { test, expect, saveScreenshot } from "./fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");

function editJson(file: string, change: (json: Record<string, any>) => void) {
  const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, any>;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

test("a creator uploads a Sugar folder, fixes the problem it lists, previews and launches the drop", async ({
  page,
  browser,
}) => {
  const parent = mkdtempSync(path.join(tmpdir(), "dropmint-e2e-studio-"));
  const folder = path.join(parent, "studio-moths");
  cpSync(path.join(ROOT, "examples/sugar-drop"), folder, { recursive: true });
  editJson(path.join(folder, "dropmint.json"), (d) => (d.shortId = "studio-moths"));
  editJson(path.join(folder, "assets/3.json"), (m) => delete m.name);

  const burner = Keypair.generate();
  await page.addInitScript(([key, secret]) => window.localStorage.setItem(key, secret), [
    "dropmint:localnet-burner",
    bs58.encode(burner.secretKey),
  ] as const);
  await page.goto("/studio/new");
  await page.getByRole("button", { name: "Sign in to launch a drop" }).click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
  await expect(page.getByText(burner.publicKey.toBase58())).toBeVisible();

  await page.getByTestId("folder-input").setInputFiles(folder);
  const problems = page.getByTestId("upload-problems");
  await expect(problems).toBeVisible({ timeout: 30_000 });
  const file = problems.locator('[data-file="assets/3.json"]');
  await expect(file).toContainText("name");
  await expect(problems.locator("[data-file]")).toHaveCount(1);
  await saveScreenshot(page, "studio-upload-problems");

  editJson(path.join(folder, "assets/3.json"), (m) => (m.name = "Moth #3"));
  await page.getByTestId("folder-input").setInputFiles(folder);
  const preview = page.getByTestId("drop-preview");
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview).toContainText("/d/studio-moths");
  await expect(preview.getByRole("img", { name: "Moth #3" })).toBeVisible();
  await saveScreenshot(page, "studio-upload-preview");

  await page.getByRole("button", { name: "Launch the drop" }).click();
  const launched = page.getByTestId("launched");
  await expect(launched).toBeVisible({ timeout: 60_000 });
  const link = await launched.getByRole("link").getAttribute("href");
  expect(link).toMatch(/\/d\/studio-moths$/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(new URL(link!).pathname);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Night Moths");
});
