// A drop priced in a stablecoin, in the browser (issue 22, item 1): on the local chain a
// collector presses the faucet for test stablecoins (DUSD), mints a shell with the burner
// wallet, the result shows the DUSD paid, and the creator's token account received it.
import type { APIRequestContext, Page } from "@playwright/test";
import { Transaction } from "@solana/web3.js";
import { test, expect, mintAndConfirm, readCollection, saveScreenshot } from "./fixtures";

const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";

async function connectBurner(page: Page) {
  await page.getByRole("button", { name: "Connect wallet" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await dialog.getByRole("button", { name: /Burner Wallet/ }).click();
  await expect(page.getByRole("button", { name: "Disconnect" })).toBeVisible();
}

async function stablecoinRaw(request: APIRequestContext, address: string): Promise<number> {
  const response = await request.get(`/api/localnet/balance/${address}/stablecoin`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { amountRaw: number }).amountRaw;
}

test("a collector takes test DUSD from the faucet and mints a shell priced in it", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/d/shells");
  await expect(page.getByTestId("phase-card").first()).toContainText("5 DUSD");
  await connectBurner(page);
  // SOL for the network's rent and fees, DUSD for the price.
  await page.getByRole("button", { name: "Get test SOL" }).click();
  await expect(page.getByText(/Balance: [1-9][\d.]* SOL/)).toBeVisible();
  await page.getByRole("button", { name: "Get test DUSD" }).click();
  await expect(page.getByTestId("stablecoin-balance")).toHaveText("20 DUSD");

  const preparing = page.waitForResponse((response) => response.url().endsWith("/api/v1/prepare-mint"));
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
  await mintAndConfirm(page, 1);
  const prepared = (await (await preparing).json()) as {
    transactions: Array<{ transaction: string }>;
    pricing: { currency: string; totalRaw: number; unitPriceRaw: number };
  };
  expect(prepared.pricing).toMatchObject({ currency: "DUSD", unitPriceRaw: 5_000_000 });
  // The creator: the owner of the first token account the transaction creates (the price's payee).
  const transaction = Transaction.from(Buffer.from(prepared.transactions[0]!.transaction, "base64"));
  const createAccount = transaction.instructions.find((ix) => ix.programId.toBase58() === ASSOCIATED_TOKEN_PROGRAM);
  const creator = createAccount!.keys[2]!.pubkey.toBase58();

  const result = page.getByTestId("mint-result");
  await expect(result).toContainText(/You minted 1 NFT/, { timeout: 60_000 });
  await expect(page.getByTestId("mint-paid")).toContainText("Paid 5.05 DUSD");
  await saveScreenshot(page, "stablecoin-mint-result");

  // The creator's token account received the price of every shell sold (the seed sold none; the burner
  // signs at once, so a read taken after prepare may already see this mint): 5 DUSD each.
  const { stats } = await readCollection(request, baseURL, "shells");
  expect(stats.mintedCount).toBeGreaterThanOrEqual(1);
  expect(await stablecoinRaw(request, creator)).toBe(stats.mintedCount * 5_000_000);
  // The collector's DUSD went down by price and fee.
  await expect(page.getByTestId("stablecoin-balance")).toHaveText("14.95 DUSD", { timeout: 15_000 });
});
