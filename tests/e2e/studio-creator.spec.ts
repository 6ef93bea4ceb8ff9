// Issue 26's walk end to end, with the burner wallet as the creator: it signs in on /studio/new,
// picks examples/sugar-drop with a planted problem, sees it listed by file and JSON path, fixes
// it, picks the folder again, opens the preview of the drop page (the public page's own sections,
// its art the uploaded files, no mint panel) and launches the drop, then opens the drop's dashboard
// from its studio list. A collector in a second browser context opens the short link and mints
// in the public phase (the example's phases started in 2025, so they are live), and the open
// dashboard shows the mint in its count, its funnel and its chart without a reload.
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { test, expect, saveScreenshot } from "./fixtures";
import {
  chooseFolder,
  copySugarExample,
  dashboardFigures,
  editJson,
  mintOneWithBurner,
  openDropPreview,
  signInToStudio,
} from "./studio-steps";

test("the creator launches a Sugar folder from the browser and watches a collector's mint arrive live", async ({
  page,
  secondPage,
}) => {
  // Upload, launch and a mint on the embedded chain, in one walk on a shared 2-core machine.
  test.setTimeout(180_000);
  const folder = copySugarExample("studio-moths");
  editJson(path.join(folder, "assets/3.json"), (item) => delete item.name);
  await signInToStudio(page, Keypair.generate());

  await chooseFolder(page, folder);
  const problems = page.getByTestId("upload-problems");
  await expect(problems).toBeVisible({ timeout: 30_000 });
  await expect(problems.locator('[data-file="assets/3.json"]')).toContainText("name");
  await expect(problems.locator("[data-file]")).toHaveCount(1);
  await saveScreenshot(page, "studio-upload-problems");

  editJson(path.join(folder, "assets/3.json"), (item) => (item.name = "Moth #3"));
  await chooseFolder(page, folder);
  const preview = page.getByTestId("drop-preview");
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview).toContainText("/d/studio-moths");
  await expect(preview.getByRole("img", { name: "Moth #3" })).toBeVisible();
  await saveScreenshot(page, "studio-upload-preview");

  // The drop page as collectors will see it, before anything is launched.
  const dropPage = await openDropPreview(page);
  await expect(dropPage.getByRole("heading", { level: 1 })).toHaveText("Night Moths");
  const publicPhase = dropPage.getByTestId("phase-card").filter({ hasText: "Public" });
  await expect(publicPhase).toContainText("0.1 SOL");
  const cover = dropPage.getByRole("img", { name: "Night Moths artwork" });
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(dropPage.getByTestId("preview-mint")).toContainText("once you launch");
  await expect(dropPage.getByRole("button", { name: /Mint/ })).toHaveCount(0);
  await saveScreenshot(dropPage, "studio-drop-page-preview");
  await dropPage.close();

  await page.getByRole("button", { name: "Launch the drop" }).click();
  const launched = page.getByTestId("launched");
  await expect(launched).toBeVisible({ timeout: 60_000 });
  const link = await launched.getByRole("link").getAttribute("href");
  // The site's PUBLIC_URL names the link; the collector opens it as printed, whatever address the creator used.
  expect(new URL(link!).pathname).toBe("/d/studio-moths");

  // The creator's own drops list leads to the dashboard; the launch made the burner its owner.
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Creator studio" }).click();
  await page.getByTestId("studio-drops").getByRole("link", { name: "Night Moths" }).click();
  await expect(page.getByTestId("drop-dashboard")).toBeVisible();
  const chart = page.getByTestId("mints-chart");
  await expect(chart.locator("canvas")).toBeVisible();
  expect(await dashboardFigures(page)).toEqual({ minted: 0, prepared: 0, landed: 0, chart: 0 });
  // A mark on this document: a reload (or a full navigation) would drop it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await mintOneWithBurner(secondPage, link!);
  await expect(secondPage.getByRole("heading", { level: 1 })).toContainText("Night Moths");

  await expect(page.getByTestId("minted-count")).toHaveText("1");
  await expect(page.getByTestId("funnel-landed")).toHaveText("1");
  await expect(chart).toHaveAttribute("data-total", "1");
  // Every prepare counts (a retried one too), so at least the one that landed.
  await expect(page.getByTestId("funnel-prepared")).toHaveText(/^[1-9]\d*$/);
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    "no reload",
  ).toBe(true);
  await saveScreenshot(page, "studio-dashboard");
});
