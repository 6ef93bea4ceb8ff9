// A newcomer's first ten minutes (issue 24): open the home page, open Aurora, connect the
// burner, get test SOL, see the total before anything is signed, mint (signing in on the
// way), follow a link to Sprites and find the same wallet there, holding the Aurora NFT that
// qualifies it for the holders' phase. At 1280 and 375 px; the "localhost" project runs the 375 px
// walk at an address other than PUBLIC_URL, where every image must still load same-origin.
// The fixture fails a test on any console error or CSP violation.
import type { Page } from "@playwright/test";
import { test, expect, readCollection } from "./fixtures";

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

async function connectBurner(page: Page) {
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
  await expect(page.getByRole("button", { name: "Disconnect" })).toBeVisible();
}

const walletAddress = (page: Page) => page.getByTestId("wallet-address").getAttribute("data-address");

/** Every <img> of the site's own media asks this page's origin, by path. */
async function expectSameOriginImages(page: Page) {
  const origin = new URL(page.url()).origin;
  const images = await page
    .locator("img")
    .evaluateAll((list) =>
      list.map((img) => ({ src: img.getAttribute("src") ?? "", resolved: (img as HTMLImageElement).src })),
    );
  for (const { src, resolved } of images) {
    // Media hosted elsewhere over https keeps its URL (the CSP allows https: images).
    if (src.startsWith("data:") || src.startsWith("https:")) continue;
    expect(src, "a page's media URL is a same-origin path").toMatch(/^\//);
    expect(new URL(resolved).origin).toBe(origin);
  }
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.width} px: home → Aurora → burner → test SOL → total → mint → Sprites, the same wallet qualified`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    let signIns = 0;
    let executes = 0;
    page.on("response", (response) => {
      if (response.url().endsWith("/api/public/wallet-session/sign-in") && response.status() === 200) signIns += 1;
      if (response.url().includes("/api/v1/execute-mint")) executes += 1;
    });

    await page.goto("/");
    await expectSameOriginImages(page);
    await page
      .getByRole("link", { name: /Aurora/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/d\/aurora$/);
    await expect(page.getByRole("img", { name: "Aurora artwork" })).toHaveJSProperty("complete", true);
    expect(
      await page.getByRole("img", { name: "Aurora artwork" }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await expectSameOriginImages(page);

    await connectBurner(page);
    // Said plainly: a throwaway key, kept here, replaceable.
    await expect(page.getByTestId("burner-note")).toContainText("throwaway");
    await expect(page.getByRole("button", { name: "Start a new burner" })).toBeVisible();
    const wallet = await walletAddress(page);
    await page.getByRole("button", { name: "Get test SOL" }).click();
    await expect(page.getByText(/Balance: [1-9][\d.]* SOL/)).toBeVisible();

    // The total, fees and network cost for the chosen quantity, from the server, before anything is signed.
    await page.getByRole("button", { name: "Mint 1" }).click();
    const summary = page.getByTestId("pricing-summary");
    await expect(summary).toContainText("Total");
    await expect(summary).toContainText("Free");
    await expect(summary).toContainText(/Network cost \(rent and fees\)\s*0\.0\d+ SOL/);
    expect(signIns, "signed in with the burner on the way").toBe(1);
    expect(executes, "nothing executed before the collector confirms").toBe(0);
    await page.getByRole("button", { name: /^Confirm/ }).click();
    const result = page.getByTestId("mint-result");
    await expect(result).toContainText(/You minted 1 NFT/, { timeout: 60_000 });
    await expectSameOriginImages(page);

    // To Sprites by links (client-side navigation): the same burner comes back.
    await page.getByRole("link", { name: "Dropmint", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page
      .getByRole("link", { name: /Sprites/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/d\/sprites$/);
    await expect(page.getByTestId("wallet-address")).toHaveAttribute("data-address", wallet!, { timeout: 30_000 });
    const allowlist = page.getByRole("radio", { name: /Allowlist/ });
    if ((await allowlist.count()) > 0) await allowlist.check();
    const eligibility = page.getByTestId("eligibility");
    await expect(eligibility).toContainText("This wallet is eligible for Allowlist");
    await expect(eligibility.getByRole("listitem").filter({ hasText: /(?<!Not )Met: / })).toContainText(/Aurora/);
    await expect(page.getByRole("button", { name: /^Mint \d/ })).toBeEnabled();
    await expectSameOriginImages(page);

    // The chain agrees: the wallet holds an Aurora edition.
    const { collection } = await readCollection(request, baseURL, "aurora");
    const mints = await request.get(`/api/v1/collections/${collection.id}/wallet-mints/${wallet}`, {
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(((await mints.json()) as { totalMinted: number }).totalMinted).toBe(1);
  });
}

test("the burner survives a reload, and Start a new burner replaces it", async ({ page }) => {
  await page.goto("/d/aurora");
  await connectBurner(page);
  const first = await walletAddress(page);
  await page.reload();
  await expect(page.getByTestId("wallet-address")).toHaveAttribute("data-address", first!, { timeout: 30_000 });
  await page.getByRole("button", { name: "Start a new burner" }).click();
  await expect(page.getByTestId("wallet-address")).not.toHaveAttribute("data-address", first!);
  const second = await walletAddress(page);
  await page.reload();
  await expect(page.getByTestId("wallet-address")).toHaveAttribute("data-address", second!, { timeout: 30_000 });
});

test("at the wallet limit: one state, one message saying what to do next", async ({ page }) => {
  await page.goto("/d/aurora");
  await connectBurner(page);
  await page.getByRole("button", { name: "Get test SOL" }).click();
  await expect(page.getByText(/Balance: [1-9][\d.]* SOL/)).toBeVisible();
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await quantity.fill("2");
  await page.getByRole("button", { name: "Mint 2" }).click();
  await page.getByRole("button", { name: /^Confirm/ }).click();
  await expect(page.getByTestId("mint-result")).toContainText(/You minted 2 NFTs/, { timeout: 60_000 });

  // Aurora allows 2 per wallet: nothing left.
  const mint = page.getByRole("button", { name: /^Mint/ });
  await expect(mint).toBeDisabled();
  await expect(mint).toHaveText("Mint");
  await expect(quantity).toBeDisabled();
  await expect(quantity).toHaveValue("1");
  // The box has no hint of its own ("Up to 1", "At most 1 right now"): the one message is below Mint.
  await expect(quantity).toHaveAccessibleDescription("");
  await expect(page.locator("#mint-blocked-reason")).toHaveText(
    "This wallet has no mints left in the Edition window phase. Connect another wallet.",
  );
});

test("a valid claim code never contradicts a disabled Mint button", async ({ page }) => {
  await page.goto("/d/sprites");
  await connectBurner(page);
  const allowlist = page.getByRole("radio", { name: /Allowlist/ });
  if ((await allowlist.count()) > 0) await allowlist.check();
  // A new wallet holds nothing: the gated phase refuses it.
  await expect(page.getByTestId("eligibility")).toContainText("can't mint");
  await page.getByLabel("Claim code").fill("sprite-launch");
  await page.getByRole("button", { name: "Apply code" }).click();
  const benefit = page.getByTestId("claim-code-benefit");
  await expect(benefit).toContainText("free mint");
  await expect(page.getByRole("button", { name: /^Mint/ })).toBeDisabled();
  await expect(benefit).toContainText("kept for when this wallet can mint");
  await expect(page.locator("#mint-blocked-reason")).toContainText(
    /can't mint in the Allowlist phase.*(Choose|Connect)/,
  );
});

test("the faucet refuses the System Program's address with a stable 4xx code", async ({ request }) => {
  const response = await request.post("/api/localnet/faucet", {
    data: { address: "11111111111111111111111111111111" },
  });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe("INVALID_REQUEST");
});
