// Every end-to-end test fails on a console error, an uncaught page error, a failed request
// or a Content-Security-Policy violation, apart from what the test provokes on purpose and
// declares with `allowProblems`.
import { mkdirSync } from "node:fs";
import { test as base, expect, type Page, type APIRequestContext } from "@playwright/test";

export const ARTIFACTS_DIR = "test-results/e2e-artifacts";

type Problems = { list: string[]; allowed: RegExp[] };

export const test = base.extend<{
  problems: Problems;
  allowProblems: (...patterns: RegExp[]) => void;
  /** A page in a second browser context (its own cookies and wallet): `page`'s end checks its problems too. */
  secondPage: Page;
}>({
  problems: async ({}, use) => {
    await use({ list: [], allowed: [] });
  },
  allowProblems: async ({ problems }, use) => {
    await use((...patterns) => problems.allowed.push(...patterns));
  },
  page: async ({ page, problems }, use, testInfo) => {
    await page.addInitScript(reportCspViolations);
    watch(page, problems);
    page.context().on("page", (other) => watch(other, problems));
    await use(page);
    const unexpected = problems.list.filter((problem) => !problems.allowed.some((pattern) => pattern.test(problem)));
    if (testInfo.status === testInfo.expectedStatus)
      expect(unexpected, "console errors or failed requests").toEqual([]);
  },
  secondPage: async ({ browser, problems }, use) => {
    const context = await browser.newContext();
    await context.addInitScript(reportCspViolations);
    const page = await context.newPage();
    watch(page, problems);
    await use(page);
    await context.close();
  },
});

/** A Content-Security-Policy violation is a console error too, so it fails the test. */
function reportCspViolations() {
  document.addEventListener("securitypolicyviolation", (event) =>
    console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
  );
}

function watch(page: Page, problems: Problems) {
  page.on("console", (message) => {
    if (message.type() === "error") problems.list.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.list.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => {
    // A navigation away aborts in-flight polls; that is not a failure of the site.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    problems.list.push(`requestfailed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400)
      problems.list.push(`http ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
}

export { expect };

/** Saves a screenshot where CI keeps artifacts. */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; javaScript?: boolean } = {},
) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // Lazy images load only near the viewport: pass over the page once so the picture is whole
  // (only where scripts run: with JavaScript off, evaluate never returns).
  if (options.javaScript !== false)
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      window.scrollTo(0, 0);
    });
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.screenshot({ path: `${ARTIFACTS_DIR}/${name}.png`, fullPage: options.fullPage ?? true });
}

/** The site's own origin: API reads from the test runner count as first-party, like the page's. */
export function siteHeaders(baseURL: string | undefined) {
  return { origin: new URL(baseURL!).origin };
}

export async function readCollection(request: APIRequestContext, baseURL: string | undefined, identifier: string) {
  const response = await request.get(`/api/v1/collections/${identifier}`, { headers: siteHeaders(baseURL) });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    collection: { id: string; name: string };
    phases: { all: Array<{ id: string; name: string; status: string }> };
    stats: { mintedCount: number };
  };
}

/**
 * Presses Mint for `quantity`, sees the server's breakdown (total, fees, network cost) before
 * anything is signed, and confirms it.
 */
export async function mintAndConfirm(page: Page, quantity: number) {
  await page.getByRole("button", { name: `Mint ${quantity}` }).click();
  await expect(page.getByTestId("pricing-summary")).toContainText("Total");
  await page.getByRole("button", { name: /^Confirm/ }).click();
}
