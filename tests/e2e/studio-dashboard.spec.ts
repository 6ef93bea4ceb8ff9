// The creator's live dashboard in Chromium (issue 26, item 3): the studio admin, signed in with
// its wallet's real key, watches the sprites drop while a collector in a second browser context
// mints with the burner wallet; the mint appears in the counts, the funnel and the uPlot chart
// of the open page without a reload.
import type { Page } from "@playwright/test";
import { signInMessageText, type SignInFields } from "../../lib/domain/wallet-sign-in";
import { test, expect, mintAndConfirm, readCollection, saveScreenshot, siteHeaders } from "./fixtures";
import { STUDIO_ADMIN, signText } from "./studio-admin";

/** Signs the admin in through the page's own context, so the browser holds its session cookie. */
async function signInAdmin(page: Page, baseURL: string | undefined) {
  const headers = siteHeaders(baseURL);
  const nonce = await page.request.post("/api/public/wallet-session/nonce", { headers });
  expect(nonce.status()).toBe(200);
  const { success: _success, ...fields } = (await nonce.json()) as SignInFields & { success: true };
  const address = STUDIO_ADMIN.publicKey.toBase58();
  const message = signInMessageText({ ...fields, address });
  const signedIn = await page.request.post("/api/public/wallet-session/sign-in", {
    headers,
    data: { address, message, signature: signText(STUDIO_ADMIN, message) },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

async function mintOneAsCollector(page: Page) {
  await page.goto("/d/sprites");
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
  await expect(page.getByRole("button", { name: "Disconnect" })).toBeVisible();
  await page.getByRole("button", { name: "Get test SOL" }).click();
  await expect(page.getByText(/Balance: [1-9][\d.]* SOL/)).toBeVisible();
  const publicRadio = page.getByRole("radio", { name: /Public/ });
  if ((await publicRadio.count()) > 0) await publicRadio.check();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
  await mintAndConfirm(page, 1);
  await expect(page.getByTestId("mint-result")).toContainText(/You minted 1 NFT/, { timeout: 60_000 });
}

const count = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/,/g, ""));

test("a mint in another browser appears on the creator's dashboard chart and funnel without a reload", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { collection, phases } = await readCollection(request, baseURL, "sprites");
  // The collector mints in the public phase: open it now (it opens later on a fresh site).
  const publicPhase = phases.all.find((phase) => phase.name === "Public")!;
  const opened = await request.post("/api/localnet/test-controls/phase-start", {
    data: { phaseId: publicPhase.id, startsInMs: -60_000 },
  });
  expect(opened.status()).toBe(200);
  await signInAdmin(page, baseURL);
  await page.goto(`/studio/drops/${collection.id}`);
  await expect(page.getByTestId("drop-dashboard")).toBeVisible();
  const chart = page.getByTestId("mints-chart");
  await expect(chart.locator("canvas")).toBeVisible();
  const before = {
    minted: await count(page, "minted-count"),
    landed: await count(page, "funnel-landed"),
    prepared: await count(page, "funnel-prepared"),
    chart: Number(await chart.getAttribute("data-total")),
  };
  // A mark on this document: a reload (or a full navigation) would drop it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const collector = await browser.newContext();
  try {
    await mintOneAsCollector(await collector.newPage());
  } finally {
    await collector.close();
  }

  await expect(page.getByTestId("minted-count")).toHaveText(
    String(before.minted + 1).replace(/\B(?=(\d{3})+(?!\d))/g, ","),
  );
  await expect(page.getByTestId("funnel-landed")).toHaveText(String(before.landed + 1));
  await expect(chart).toHaveAttribute("data-total", String(before.chart + 1));
  expect(await count(page, "funnel-prepared")).toBeGreaterThanOrEqual(before.prepared + 1);
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    "no reload",
  ).toBe(true);
  await saveScreenshot(page, "studio-dashboard");
});
