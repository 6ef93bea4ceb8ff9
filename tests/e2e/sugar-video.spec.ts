// Issue 23 item 9, end to end: a Sugar folder whose assets carry N.mp4 beside N.png (linked
// as animation_url, as Sugar's guides write it) is created with `npm run drop` against the
// running site; its drop page plays the video from the media store in Chromium, on a desktop
// and a phone-sized screen, with no media error and no policy violation; and a collector
// mints one. Runs after sugar-drop.spec.ts (file order), with its own short ID.
import { execFile } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { test, expect, mintAndConfirm, saveScreenshot } from "./fixtures";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const CLIP = path.join(ROOT, "tests/launch/fixtures/animations/clip.mp4");

/** The example drop as "reels": every asset with the clip beside its image. */
function videoFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "dropmint-e2e-video-"));
  cpSync(path.join(ROOT, "examples/sugar-drop"), folder, { recursive: true });
  const extras = JSON.parse(readFileSync(path.join(folder, "dropmint.json"), "utf8"));
  writeFileSync(path.join(folder, "dropmint.json"), JSON.stringify({ ...extras, shortId: "reels", claimCodes: [] }));
  for (let i = 0; i < 10; i++) {
    copyFileSync(CLIP, path.join(folder, `assets/${i}.mp4`));
    const file = path.join(folder, `assets/${i}.json`);
    const metadata = JSON.parse(readFileSync(file, "utf8"));
    metadata.animation_url = `${i}.mp4`;
    metadata.properties = {
      files: [...metadata.properties.files, { uri: `${i}.mp4`, type: "video/mp4" }],
      category: "video",
    };
    writeFileSync(file, JSON.stringify(metadata));
  }
  return folder;
}

/** The first video of the gallery: its readiness and error once it has loaded its metadata. */
async function firstVideoState(page: import("@playwright/test").Page) {
  const video = page.locator('#gallery-grid video[src^="/media/reels/"]').first();
  await video.scrollIntoViewIfNeeded();
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0);
  return video.evaluate((v: HTMLVideoElement) => ({
    src: v.getAttribute("src"),
    error: v.error?.code ?? null,
    duration: v.duration,
    width: v.videoWidth,
    muted: v.muted,
    loop: v.loop,
    controls: v.controls,
    poster: v.getAttribute("poster"),
  }));
}

test("a drop created from a folder with mp4 animations plays them on its page, at 1280 and 375 px, and mints", async ({
  page,
  baseURL,
}) => {
  const folder = videoFolder();
  try {
    const { stdout } = await run(process.execPath, ["scripts/run.mjs", "scripts/drop.ts", "create", folder], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: "test-results/e2e-data",
        PUBLIC_URL: baseURL,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
      },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^Created in /m);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/d/reels");
    await expect(page.getByRole("heading", { name: "Night Moths", level: 1 })).toBeVisible();
    const state = await firstVideoState(page);
    expect(state).toMatchObject({ error: null, width: 64, muted: true, loop: true, controls: true });
    expect(state.src).toMatch(/^\/media\/reels\/[0-9a-f]{64}\.mp4$/);
    expect(state.duration).toBeGreaterThan(0.5);
    // The video plays (muted, so no gesture is needed): its clock moves.
    await page
      .locator("#gallery-grid video")
      .first()
      .evaluate((v: HTMLVideoElement) => v.play());
    await expect
      .poll(() =>
        page
          .locator("#gallery-grid video")
          .first()
          .evaluate((v: HTMLVideoElement) => v.currentTime),
      )
      .toBeGreaterThan(0);
    await saveScreenshot(page, `sugar-video-${width}`);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Burner Wallet/ })
    .click();
  await page.getByRole("button", { name: "Get test SOL" }).click();
  await expect(page.getByText(/Balance: [1-9][\d.]* SOL/)).toBeVisible();
  const publicPhase = page.getByRole("radio", { name: /Public/ });
  if ((await publicPhase.count()) > 0) await publicPhase.check();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
  await mintAndConfirm(page, 1);
  await expect(page.getByTestId("mint-result")).toContainText(/You minted 1 NFT/, { timeout: 60_000 });
});
