// What each page of the production build makes a browser download before it works (Next's
// own first-load chunk lists), checked for code a page does not use: the mint calls and the
// wallet adapters belong to the drop page alone, React Query to the pages that poll (the
// search box loads it on the first focus, after the page works), and the root layout, which
// every page pays for, carries none of them. The sizes themselves are the bench's (npm run
// bench, bench/goals.ts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { publicPagesAgainstBaseline, readBundleSizes } from "@/bench/bundle-size";

const STATS_FILE = ".next/diagnostics/route-bundle-stats.json";

type RouteStats = { route: string; firstLoadChunkPaths: string[] };

function firstLoadCode(route: string): string {
  const stats = JSON.parse(readFileSync(STATS_FILE, "utf8")) as RouteStats[];
  const entry = stats.find((s) => s.route === route);
  if (!entry) throw new Error(`${route} is not in ${STATS_FILE}`);
  return entry.firstLoadChunkPaths.map((chunk) => readFileSync(chunk, "utf8")).join("\n");
}

// Strings that survive minification: a request path of the mint calls, a class React Query
// names in its errors, and the wallet adapter's own error names.
const MINT_CALLS = ["prepare-mint", "execute-mint", "/api/localnet/faucet"];
const REACT_QUERY = "QueryClient";
/** The browser client's error class, named in every client bundle. */
const READ_CLIENT = "DropmintClientError";
const WALLET_ADAPTER = ["WalletNotConnectedError", "WalletSignTransactionError"];
/** The studio's own code: the dashboard's API path, and a method name of uPlot (its chart library). */
const STUDIO = ["/api/studio/", "syncRect"];

describe("first-load JavaScript per page", () => {
  // Issue 26: the studio must not make the public pages heavier. Each public page against its
  // figure at the commit before the studio (bench/public-pages-baseline.json); a new public
  // page has no figure, and counts as grown until one is written down.
  it("no public page ships more first-load JS than before the creator studio", () => {
    const grown = publicPagesAgainstBaseline(readBundleSizes()).filter((page) => page.grew);
    expect(grown).toEqual([]);
  });

  it("the drop page carries the mint calls and React Query, and still loads the wallet adapters lazily", () => {
    const code = firstLoadCode("/d/[identifier]");
    for (const marker of MINT_CALLS) expect(code, marker).toContain(marker);
    expect(code).toContain(REACT_QUERY);
    for (const marker of WALLET_ADAPTER) expect(code, marker).not.toContain(marker);
  });

  it.each(["/", "/search"])(
    "%s ships the search box without its live half: no React Query, no client, no mint calls, no wallet",
    (route) => {
      const code = firstLoadCode(route);
      expect(code).toContain("Name or symbol");
      for (const marker of [...MINT_CALLS, REACT_QUERY, READ_CLIENT, ...WALLET_ADAPTER])
        expect(code, marker).not.toContain(marker);
    },
  );

  it("the empty page (the root layout alone) ships no client, no React Query and no wallet", () => {
    const code = firstLoadCode("/_not-found");
    for (const marker of [...MINT_CALLS, REACT_QUERY, READ_CLIENT, ...WALLET_ADAPTER])
      expect(code, marker).not.toContain(marker);
  });

  it("/docs ships no client, no React Query and no wallet", () => {
    const code = firstLoadCode("/docs");
    for (const marker of [...MINT_CALLS, REACT_QUERY, READ_CLIENT, ...WALLET_ADAPTER])
      expect(code, marker).not.toContain(marker);
  });

  // The studio's upload page: its code (and the zip reader, loaded only for a zip) stays out of the public pages.
  const STUDIO_UPLOAD = ["/api/studio/uploads", "webkitGetAsEntry"];
  const ZIP_READER = "invalid zip data";

  it.each(["/", "/search", "/d/[identifier]", "/w/[address]", "/docs", "/_not-found"])(
    "%s carries none of the studio's code (the dashboard, its chart, the upload and the zip reader)",
    (route) => {
      const code = firstLoadCode(route);
      for (const marker of [...STUDIO, ...STUDIO_UPLOAD, ZIP_READER]) expect(code, marker).not.toContain(marker);
    },
  );

  it("the studio dashboard reads its API and loads the chart library only after it works", () => {
    const code = firstLoadCode("/studio/drops/[id]");
    expect(code).toContain("/api/studio/");
    expect(code, "uPlot").not.toContain("syncRect");
  });

  it("/studio/new ships its upload code, and loads the zip reader only when a zip is chosen", () => {
    const code = firstLoadCode("/studio/new");
    for (const marker of STUDIO_UPLOAD) expect(code, marker).toContain(marker);
    expect(code).not.toContain(ZIP_READER);
  });
});
