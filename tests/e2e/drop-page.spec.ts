// Reading a drop: the short link, the page without JavaScript, a drop minted elsewhere, a
// drop not launched yet, the home page's discovery, and share previews.
import { test, expect, saveScreenshot, readCollection } from "./fixtures";

test("a creator's short link shows the drop, with supply, phases and live sections", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/d/sprites");
  await expect(page.getByRole("heading", { level: 1, name: /Sprites/ })).toBeVisible();
  await expect(page.getByLabel("Verified creator")).toBeVisible();
  await expect(page.getByTestId("supply-progress").getByRole("progressbar")).toHaveAttribute("aria-valuemax", "100");
  const phases = page.getByTestId("phase-card");
  await expect(phases).toHaveCount(3);
  await expect(phases.filter({ hasText: "Allowlist" })).toHaveAttribute("data-status", "active");
  await expect(phases.filter({ hasText: "Allowlist" })).toContainText("0.1 SOL");
  await expect(phases.filter({ hasText: "OG" })).toHaveAttribute("data-status", "ended");
  await expect(phases.filter({ hasText: "Public" })).toContainText(/Starts in/);
  await expect(page.getByTestId("recently-minted").getByRole("listitem").first()).toBeVisible();
  await saveScreenshot(page, "drop-page-desktop");

  // The UUID and the on-chain address redirect to the short link.
  const { collection } = await readCollection(request, baseURL, "sprites");
  await page.goto(`/d/${collection.id}`);
  await expect(page).toHaveURL(/\/d\/sprites$/);
});

test("the drop page fits a 375 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/d/sprites");
  await expect(page.getByRole("heading", { level: 1, name: /Sprites/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect wallet" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "no horizontal scrolling").toBeLessThanOrEqual(0);
  // The cover does not cover the title drawn in the banner.
  const banner = (await page.getByTestId("drop-banner").boundingBox())!;
  const cover = (await page
    .getByRole("img", { name: /artwork$/ })
    .first()
    .boundingBox())!;
  expect(cover.y, "the cover starts below the banner").toBeGreaterThanOrEqual(banner.y + banner.height);
  await saveScreenshot(page, "drop-page-mobile");
});

test("at 375 px the connected wallet's address stays whole on one line, beside the wallet's name, however long", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/d/aurora");
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
  const address = page.getByTestId("wallet-address");
  await expect(address).toBeVisible();
  // Wallets name themselves, some at more length than the burner: the name gives way, never the address.
  await address.evaluate((element) => {
    const label = element.previousElementSibling!;
    label.textContent = label.textContent!.replace("Burner Wallet", "Coinbase Wallet");
  });
  await expect(page.getByText(/Coinbase Wallet/)).toBeAttached();
  const layout = await address.evaluate((element) => {
    const line = element.closest("p")!;
    return {
      lineBoxes: element.getClientRects().length,
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      rowHeight: line.getBoundingClientRect().height,
      rowLineHeight: parseFloat(getComputedStyle(line).lineHeight),
      text: element.textContent ?? "",
      full: element.getAttribute("data-address") ?? "",
    };
  });
  expect(layout.lineBoxes, "the address is one line box").toBe(1);
  expect(layout.height, "the address is one line high").toBeLessThanOrEqual(layout.lineHeight + 1);
  expect(layout.rowHeight, "the wallet's name and address share one line").toBeLessThanOrEqual(
    layout.rowLineHeight + 1,
  );
  // Whole: the shortened address keeps its first and last characters.
  expect(layout.text.startsWith(layout.full.slice(0, 4)) && layout.text.endsWith(layout.full.slice(-4))).toBe(true);
  await saveScreenshot(page, "wallet-address-mobile");
});

test("a requirement the wallet does not meet links to the drop that sells what it needs", async ({ page }) => {
  await page.goto("/d/sprites");
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
  const allowlist = page.getByRole("radio", { name: /Allowlist/ });
  if ((await allowlist.count()) > 0) await allowlist.check();
  // A fresh burner holds no Aurora edition: the holders' requirement names Aurora's page, not a raw address.
  const unmet = page.getByTestId("eligibility").getByRole("listitem").filter({ hasText: "Not met:" });
  await expect(unmet.getByRole("link", { name: "Aurora" })).toHaveAttribute("href", "/d/aurora");
});

test("at 1280 px the phases follow the overview without a gap, however tall the mint panel", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/d/sprites");
  const overview = (await page.getByTestId("drop-overview").boundingBox())!;
  // Grow the mint column well past the left column's first row, as a connected wallet's panel does.
  await page.getByRole("complementary", { name: "Mint" }).evaluate((aside) => {
    aside.firstElementChild!.appendChild(Object.assign(document.createElement("div"), { style: "height:900px" }));
  });
  const phases = (await page.getByRole("heading", { name: "Phases", level: 2 }).boundingBox())!;
  expect(phases.y - (overview.y + overview.height), "gap above the phases (px)").toBeLessThanOrEqual(48);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // With JavaScript off, Chromium refuses the page's script files itself (reported as "csp").
  test.beforeEach(({ allowProblems }) => allowProblems(/^requestfailed: GET \S+\/_next\/static\/chunks\/\S+\.js csp$/));

  test("the page is readable: art, supply, phases with prices, recent mints", async ({ page }) => {
    await page.goto("/d/sprites");
    await expect(page.getByRole("heading", { level: 1, name: /Sprites/ })).toBeVisible();
    await expect(page.getByText(/of 100/).first()).toBeVisible();
    await expect(page.getByTestId("phase-card").filter({ hasText: "Allowlist" })).toContainText("0.1 SOL");
    await expect(page.getByTestId("recently-minted").getByRole("listitem").first()).toBeVisible();
    await saveScreenshot(page, "drop-page-no-javascript", { javaScript: false });
  });
});

test("a drop the core flow does not support offers its hosted mint page instead of a mint button", async ({ page }) => {
  await page.goto("/d/packs");
  const link = page.getByRole("link", { name: "Mint on the hosted page" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", /^https?:\/\//);
  await expect(page.getByRole("button", { name: "Connect wallet" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Mint/ })).toHaveCount(0);
  // Not a dead end: a way on to drops that mint here.
  await page.getByRole("link", { name: "Drops you can mint on Dropmint now" }).click();
  await expect(page.getByRole("heading", { name: "Minting now" })).toBeVisible();
});

test("a sold-out drop says so and lets nobody mint", async ({ page }) => {
  await page.goto("/d/lastlight");
  await expect(page.getByText("Sold out").first()).toBeVisible();
  // Its phase is still open by the clock, but nothing is left: no "Live" badge, no end countdown.
  const phase = page.getByTestId("phase-card");
  await expect(phase).toHaveAttribute("data-badge", "sold_out");
  await expect(phase).toContainText("Sold out");
  await expect(phase).not.toContainText("Live");
  await expect(phase).not.toContainText("Ends in");
  await expect(page.getByText("This drop is sold out.")).toBeVisible();
  for (const mint of await page.getByRole("button", { name: /^Mint/ }).all()) await expect(mint).toBeDisabled();
});

test("an open edition shows no cap, and a pegged price says it is approximate", async ({ page }) => {
  await page.goto("/d/doves");
  await expect(page.getByText(/no cap|open edition/i).first()).toBeVisible();
  await expect(page.getByText(/≈|approx/i).first()).toBeVisible();
});

test("an audio drop offers a preview player for each tape, and the track is there to play", async ({
  page,
  request,
}) => {
  await page.goto("/d/tapes");
  const play = page.getByRole("button", { name: /Play preview of Tidal Tapes #\d+/ }).first();
  await expect(play).toBeVisible();
  const track = await request.get("/art/tapes/1.wav");
  expect(track.status()).toBe(200);
  expect(track.headers()["content-type"]).toBe("audio/wav");
});

test("a drop before launch shows as coming soon", async ({ page }) => {
  await page.goto("/d/nightfall");
  await expect(page.getByText(/Coming soon/i).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect wallet" })).toHaveCount(0);
});

test("the home page discovers drops and finds them by name", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('a[href="/d/sprites"]').first()).toBeVisible();
  await page.getByLabel("Search drops").fill("auro");
  await expect(page.locator('a[href="/d/aurora"]').first()).toBeVisible();
  await saveScreenshot(page, "home-desktop");
});

test("the home page agrees with the drop pages: what is minting, and at what price", async ({ page }) => {
  await page.goto("/");
  const minting = page.locator("section", { has: page.getByRole("heading", { name: "Minting now" }) });
  // More minting drops than the section's two rows: it says how many and shows them all on demand.
  const showAll = minting.getByRole("link", { name: /^Show all \d+$/ });
  if ((await showAll.count()) > 0) {
    await showAll.click();
    await expect(page).toHaveURL(/[?]all=live/);
  }
  await expect(minting.locator('a[href="/d/tapes"]')).toBeVisible();
  await expect(minting.locator('a[href="/d/lastlight"]')).toHaveCount(0);
  // The pegged drop shows its quote and the dutch auction its live price, as their pages do.
  const doves = minting.locator("li", { has: page.locator('a[href="/d/doves"]') });
  await expect(doves).toContainText("≈");
  await expect(doves).not.toContainText("Price unavailable");
  const lanterns = minting.locator("li", { has: page.locator('a[href="/d/lanterns"]') });
  await expect(lanterns).not.toContainText("from");

  await page.goto("/search?q=la");
  const row = (shortId: string) => page.locator(`a[href="/d/${shortId}"]`).getByTestId("search-result-standing");
  await expect(row("lastlight")).toHaveText("Sold out");
  await expect(row("lanterns")).toContainText("Minting now");
  await expect(row("lanterns")).toContainText("SOL");

  // An answer for "zz" is not left under a box that now says "z".
  await page.goto("/search?q=zz");
  await expect(page.getByText("No drops match “zz”.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search drops" }).fill("z");
  await expect(page.getByText("No drops match “zz”.")).toBeHidden();
  await page.getByRole("searchbox", { name: "Search drops" }).fill("zz");
  await expect(page.getByText("No drops match “zz”.")).toBeVisible();
});

test("a pasted short link has a share card with a generated preview image", async ({ page, request }) => {
  await page.goto("/d/sprites");
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toBeTruthy();
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Sprites/);
  const image = await request.get(new URL(ogImage!).pathname + new URL(ogImage!).search);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  const bytes = await image.body();
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
});

test("a first visit does not load the wallet code; going to connect does", async ({ page }) => {
  const scripts: Array<{ url: string; body: Promise<string> }> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.push({ url: response.url(), body: response.text().catch(() => "") });
  });
  const walletCode = async () => {
    const bodies = await Promise.all(scripts.map(async (script) => ({ url: script.url, body: await script.body })));
    // Literals that survive minification: the Wallet Standard connect feature, the burner's name.
    return bodies
      .filter(({ body }) => body.includes("standard:connect") || body.includes("Burner Wallet"))
      .map(({ url }) => url);
  };
  await page.goto("/d/sprites");
  await page.waitForLoadState("networkidle");
  expect(await walletCode()).toEqual([]);

  await page.getByRole("button", { name: "Connect wallet" }).click();
  await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeVisible();
  expect((await walletCode()).length).toBeGreaterThan(0);
});
