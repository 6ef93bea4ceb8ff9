// Page quality a collector feels: nothing jumps when live data arrives, the mint panel
// works from the keyboard with a visible focus, and every page is sent with the security
// headers and runs within its Content-Security-Policy.
import { test, expect } from "./fixtures";

test("nothing shifts on the drop page while its live data arrives", async ({ page }) => {
  await page.goto("/d/sprites");
  await page.waitForLoadState("networkidle");
  // Layout-shift entries since navigation (buffered), without user input: the page's CLS.
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 1_000);
      }),
  );
  expect(shift).toBeLessThan(0.01);
});

test("the wallet picker opens and closes from the keyboard, with visible focus", async ({ page }) => {
  await page.goto("/d/sprites");
  await page.waitForLoadState("networkidle");
  const connect = page.getByRole("button", { name: "Connect wallet" });
  for (let presses = 0; presses < 60 && !(await connect.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(connect).toBeFocused();
  expect(await connect.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");

  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Burner Wallet/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(connect).toBeFocused();
});

test("every page and API answer carries the security headers, and the pages break none of the policy", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/d/sprites", "/docs", "/search?q=au", "/api/v1", "/d/no-such-drop"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
    const csp = headers["content-security-policy"] ?? "";
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ])
      expect(csp, path).toContain(directive);
  }
  // The fixture fails the test on any violation report; walk the pages that run the most code.
  for (const path of ["/", "/d/sprites", "/docs"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
});
