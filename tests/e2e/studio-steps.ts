// The steps of the creator's walk through the studio and of the collector who mints beside it
// (tests/e2e/studio-creator.spec.ts), named after what a person does, so the spec reads like
// issue 26's acceptance line.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { expect, mintAndConfirm } from "./fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");

export function editJson(file: string, change: (json: Record<string, any>) => void) {
  const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, any>;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

/** A fresh copy of examples/sugar-drop under its own short ID (the CLI spec launches "moths"). */
export function copySugarExample(shortId: string): string {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), "dropmint-e2e-studio-")), shortId);
  cpSync(path.join(ROOT, "examples/sugar-drop"), folder, { recursive: true });
  editJson(path.join(folder, "dropmint.json"), (drop) => (drop.shortId = shortId));
  return folder;
}

/** Picks the burner wallet in the site's wallet dialog (opened by the button just pressed). */
async function pickBurner(page: Page) {
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
}

/** Signs in on /studio/new with a burner wallet of a known key: the drops it launches are its own. */
export async function signInToStudio(page: Page, burner: Keypair) {
  await page.addInitScript(([key, secret]) => window.localStorage.setItem(key, secret), [
    "dropmint:localnet-burner",
    bs58.encode(burner.secretKey),
  ] as const);
  await page.goto("/studio/new");
  await page.getByRole("button", { name: "Sign in to launch a drop" }).click();
  await pickBurner(page);
  await expect(page.getByText(burner.publicKey.toBase58())).toBeVisible();
}

/** Picks the folder in the studio's folder input (as a creator choosing it in the file dialog). */
export async function chooseFolder(page: Page, folder: string) {
  await page.getByTestId("folder-input").setInputFiles(folder);
}

/** Opens the checked upload's drop-page preview (it opens in a new tab, beside the Launch button). */
export async function openDropPreview(page: Page): Promise<Page> {
  const [preview] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: "Preview the drop page" }).click(),
  ]);
  await preview.waitForLoadState();
  await expect(preview.getByTestId("preview-banner")).toContainText("Preview — not launched");
  return preview;
}

/** A collector with a fresh burner wallet opens a drop's page and mints one in its public phase. */
export async function mintOneWithBurner(page: Page, dropUrl: string) {
  await page.goto(dropUrl);
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await pickBurner(page);
  await expect(page.getByRole("button", { name: "Disconnect" })).toBeVisible();
  await page.getByRole("button", { name: "Get test SOL" }).click();
  await expect(page.getByText(/Balance: [1-9][\d.]* SOL/)).toBeVisible();
  const publicRadio = page.getByRole("radio", { name: /Public/ });
  if ((await publicRadio.count()) > 0) await publicRadio.check();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
  await mintAndConfirm(page, 1);
  await expect(page.getByTestId("mint-result")).toContainText(/You minted 1 NFT/, { timeout: 60_000 });
}

/** The dashboard's live figures as the page shows them now. */
export async function dashboardFigures(page: Page) {
  const count = async (testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/,/g, ""));
  return {
    minted: await count("minted-count"),
    prepared: await count("funnel-prepared"),
    landed: await count("funnel-landed"),
    chart: Number(await page.getByTestId("mints-chart").getAttribute("data-total")),
  };
}
