// A collector's own place (issue 25): mint with the burner, follow the result to the
// collector's page, set a name and the NFT just minted as the avatar, react to the NFT on the
// drop page, and see the name and the reaction count from a second browser context without
// reloading it. The collector's page at 1280 and 375 px. And signing in without a mint, from
// the collector's page and from a reaction bar.
import type { Page } from "@playwright/test";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { test, expect, saveScreenshot, mintAndConfirm } from "./fixtures";

async function connectBurner(page: Page) {
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
  await expect(page.getByRole("button", { name: "Disconnect" })).toBeVisible();
}

/**
 * Gives the page's browser a burner wallet of a known key, kept where the local chain's burner
 * keeps it (app/d/[identifier]/_mint/local-burner.ts), and returns its address.
 */
async function knownBurner(page: Page): Promise<string> {
  const burner = Keypair.generate();
  await page.addInitScript(([key, secret]) => window.localStorage.setItem(key, secret), [
    "dropmint:localnet-burner",
    bs58.encode(burner.secretKey),
  ] as const);
  return burner.publicKey.toBase58();
}

async function chooseBurner(page: Page) {
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
}

test("sign in without minting: on your collector's page to name yourself, and from a reaction bar to react", async ({
  page,
  browser,
}) => {
  const address = await knownBurner(page);
  const name = `Quiet Fox ${Date.now() % 100_000}`;
  await page.goto(`/w/${address}`);
  await expect(page.getByRole("heading", { name: "Your profile" })).toHaveCount(0);
  await page.getByTestId("owner-sign-in").getByRole("button", { name: "Sign in" }).click();
  await chooseBurner(page);
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await page.getByLabel("Display name").fill(name);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByTestId("collector-header")).toContainText(name);

  // Another visitor, who never minted, signs in from a card's reaction bar and reacts.
  const visitor = await (await browser.newContext()).newPage();
  await knownBurner(visitor);
  await visitor.goto("/d/sprites");
  const feed = visitor.getByTestId("recently-minted");
  const nftName = await feed.getByRole("listitem").first().locator("p[title]").getAttribute("title");
  const card = feed.getByRole("listitem").filter({ has: visitor.locator(`p[title="${nftName}"]`) });
  await card.getByRole("button", { name: "Sign in to react" }).click();
  await chooseBurner(visitor);
  const fire = card.getByRole("button", { name: /🔥/ });
  await expect(fire).toBeEnabled();
  await expect(card.getByRole("button", { name: "Sign in to react" })).toHaveCount(0);
  const before = Number(await card.getByTestId("reaction-count-🔥").textContent());
  await fire.click();
  await expect(card.getByTestId("reaction-count-🔥")).toHaveText(String(before + 1));
  await visitor.context().close();
});

test("mint, name yourself, pick the avatar, react; a second visitor sees it all without a reload", async ({
  page,
  browser,
}) => {
  const name = `Night Owl ${Date.now() % 100_000}`;
  await page.goto("/d/aurora");
  await connectBurner(page);
  await page.getByRole("button", { name: "Get test SOL" }).click();
  await expect(page.getByText(/Balance: [1-9][\d.]* SOL/)).toBeVisible();
  await mintAndConfirm(page, 1);
  const result = page.getByTestId("mint-result");
  await expect(result).toContainText(/You minted 1 NFT/, { timeout: 60_000 });
  // The local chain has no public explorer, and the result says so instead of linking one.
  await expect(result.getByTestId("mint-links")).toContainText("no public explorer");

  // A second visitor watches the drop page, never reloading it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/d/aurora");
  await visitor.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await result.getByRole("link", { name: "See it on your collector page" }).click();
  await expect(page).toHaveURL(/\/w\/[1-9A-HJ-NP-Za-km-z]{32,44}#nft-/);
  await expect(page.getByTestId("collector-minted")).toContainText("Aurora");
  await page.getByLabel("Display name").fill(name);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByTestId("collector-header")).toContainText(name);
  await page
    .getByRole("button", { name: /as avatar$/ })
    .first()
    .click();
  await expect(page.getByText("Avatar set.")).toBeVisible();
  await expect(page.getByTestId("collector-header").locator("img")).toBeVisible();

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, `collector-page-${viewport.width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${viewport.width} px`).toBeLessThanOrEqual(0);
  }

  // The collector reacts on the drop page (signed in while minting).
  await page.goto("/d/aurora");
  const card = page.getByTestId("recently-minted").getByRole("listitem").filter({ hasText: name }).first();
  await card.getByRole("button", { name: /🔥/ }).click();
  await expect(card.getByTestId("reaction-count-🔥")).toHaveText("1");

  // The visitor's page shows the name and the count by polling, in the same document.
  const seen = visitor.getByTestId("recently-minted").getByRole("listitem").filter({ hasText: name }).first();
  await expect(seen).toBeVisible({ timeout: 30_000 });
  await expect(seen.getByTestId("reaction-count-🔥")).toHaveText("1", { timeout: 30_000 });
  expect(await visitor.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await visitor.context().close();
});
