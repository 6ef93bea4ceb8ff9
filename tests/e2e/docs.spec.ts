// /docs on a phone and for a newcomer (issue 24 item 12), in Chromium at 375 px: the page
// never scrolls sideways (even with every reference table and example unfolded), the
// index's search filters it as one types, and its entries and #op- anchors navigate.
import { test, expect } from "./fixtures";

test.use({ viewport: { width: 375, height: 740 } });

const overflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

test("/docs fits a 375 px phone: no page-wide horizontal scroll, folds open or closed", async ({ page }) => {
  await page.goto("/docs");
  await page.waitForLoadState("networkidle");
  let { scrollWidth, innerWidth } = await overflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  ({ scrollWidth, innerWidth } = await overflow(page));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});

test("the index's search filters the guides and endpoints as one types", async ({ page }) => {
  await page.goto("/docs");
  await page.waitForLoadState("networkidle");
  const index = page.getByRole("navigation", { name: "Reference contents" });
  const links = index.getByRole("link");
  const all = await links.count();
  expect(all).toBeGreaterThan(20);
  await index.getByRole("searchbox", { name: "Search the reference" }).fill("all-minted");
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveText("GET /collections/{identifier}/all-minted");
  await index.getByRole("searchbox", { name: "Search the reference" }).fill("claim code");
  await expect(links).not.toHaveCount(all);
  for (const text of await links.allTextContents()) expect(text.toLowerCase()).toMatch(/claim|code/);
  await index.getByRole("searchbox", { name: "Search the reference" }).fill("");
  await expect(links).toHaveCount(all);
});

test("an index entry and an endpoint's own anchor navigate to it", async ({ page }) => {
  await page.goto("/docs");
  await page.waitForLoadState("networkidle");
  const index = page.getByRole("navigation", { name: "Reference contents" });
  await index.getByRole("link", { name: "POST /prepare-mint" }).click();
  await expect(page).toHaveURL(/#op-prepareMint$/);
  await expect(page.locator("#op-prepareMint")).toBeInViewport();

  await page.goto("/docs#op-getAllMinted");
  await expect(page.locator("#op-getAllMinted")).toBeInViewport();
  // Every endpoint shows its examples: a curl command and a call of the typed client.
  const allMinted = page.locator("#op-getAllMinted");
  await allMinted.getByText("Examples: curl and the typed client").click();
  await expect(allMinted.locator('[data-example="curl"]')).toContainText("curl -sS");
  await expect(allMinted.locator('[data-example="client"]')).toContainText("dropmint.getAllMinted(");
});
