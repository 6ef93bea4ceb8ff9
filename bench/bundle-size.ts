// First-load JavaScript per page of the production build, from Next's own diagnostics
// (.next/diagnostics/route-bundle-stats.json; Next 16 no longer prints First Load JS),
// with each chunk gzipped here the way a server would send it.
//
// The drop page's goal is what it adds above an empty page of the same build: the
// framework runtime and the root layout are paid by every page, so the budget is on what
// the drop page brings on top. The empty page is the build's not-found page (the root
// layout and nothing else), or the smallest page in the file if a build has none.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { verdict } from "./goals";

const STATS_FILE = ".next/diagnostics/route-bundle-stats.json";
const EMPTY_PAGE = "/_not-found";
const DROP_PAGE = "/d/[identifier]";
/** The collector's page is held to the drop page's budget (issue: its first-load JS stays within it). */
const COLLECTOR_PAGE = "/w/[address]";

type RouteStats = { route: string; firstLoadUncompressedJsBytes: number; firstLoadChunkPaths: string[] };
export type BundleSize = { route: string; uncompressedKb: number; gzipKb: number; chunks: number };

export function readBundleSizes(routes?: string[]): BundleSize[] {
  if (!existsSync(STATS_FILE)) throw new Error(`${STATS_FILE} is missing: run \`next build\` first.`);
  const stats = JSON.parse(readFileSync(STATS_FILE, "utf8")) as RouteStats[];
  return stats
    .filter((entry) => !routes || routes.includes(entry.route))
    .map((entry) => ({
      route: entry.route,
      uncompressedKb: entry.firstLoadUncompressedJsBytes / 1024,
      gzipKb:
        entry.firstLoadChunkPaths.reduce((sum, chunk) => sum + gzipSync(readFileSync(chunk), { level: 9 }).length, 0) /
        1024,
      chunks: entry.firstLoadChunkPaths.length,
    }));
}

/** The baseline page: /_not-found when the build lists it, else the page with the least gzip JS. */
export function emptyPage(sizes: readonly BundleSize[]): BundleSize | undefined {
  return sizes.find((size) => size.route === EMPTY_PAGE) ?? [...sizes].sort((a, b) => a.gzipKb - b.gzipKb)[0];
}

export function printBundleSizes(): void {
  const all = readBundleSizes();
  const empty = emptyPage(all);
  const shown = [DROP_PAGE, COLLECTOR_PAGE, "/", "/search", "/docs"].flatMap((route) =>
    all.filter((size) => size.route === route),
  );
  if (empty && !shown.includes(empty)) shown.push(empty);
  console.log("\nFirst-load JS per page (production build)");
  console.log("| Page | Uncompressed KB | gzip KB | Chunks |\n|---|---|---|---|");
  for (const size of shown)
    console.log(`| ${size.route} | ${size.uncompressedKb.toFixed(1)} | ${size.gzipKb.toFixed(1)} | ${size.chunks} |`);
  const drop = all.find((size) => size.route === DROP_PAGE);
  if (!drop || !empty) {
    console.log(
      `drop page above empty page: cannot tell (${!drop ? `${DROP_PAGE} missing` : "no page"} in ${STATS_FILE}) ✗`,
    );
    return;
  }
  const above = drop.gzipKb - empty.gzipKb;
  console.log(
    `drop page ${DROP_PAGE} ${drop.gzipKb.toFixed(1)} KB − empty page ${empty.route} ${empty.gzipKb.toFixed(1)} KB = ${above.toFixed(1)} KB gzip  ${verdict("drop-page-js", above)}`,
  );
  const collector = all.find((size) => size.route === COLLECTOR_PAGE);
  if (collector) {
    const collectorAbove = collector.gzipKb - empty.gzipKb;
    console.log(
      `collector page ${COLLECTOR_PAGE} ${collector.gzipKb.toFixed(1)} KB − empty page = ${collectorAbove.toFixed(1)} KB gzip  ${verdict("drop-page-js", collectorAbove)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printBundleSizes();
}
