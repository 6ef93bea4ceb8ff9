// First-load JavaScript per page of the production build, from Next's own diagnostics
// (.next/diagnostics/route-bundle-stats.json; Next 16 no longer prints First Load JS),
// with each chunk gzipped here the way a server would send it.
//
// Two budgets. The root layout's share is the empty page (the build's not-found page: the
// root layout and nothing else, or the smallest page if a build has none) above the
// framework's floor, since every page pays it. Each page's own share is what it adds above
// that empty page: home, /search, the drop page and the collector's page.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { verdict, type GoalId } from "./goals";

const STATS_FILE = ".next/diagnostics/route-bundle-stats.json";
const EMPTY_PAGE = "/_not-found";
const DROP_PAGE = "/d/[identifier]";
/** The collector's page is held to the drop page's budget (issue: its first-load JS stays within it). */
const COLLECTOR_PAGE = "/w/[address]";
/** The creators' studio (issue 26): printed, held to no budget; the public pages must not carry its code. */
const STUDIO_PREFIX = "/studio";
/**
 * The framework's floor: /_not-found of a blank app built with the same Next and React
 * (`create-next-app`-like: a root layout of <html><body>{children}</body></html>, one page
 * rendering a <p>, an empty next.config), measured as here (gzip -9 of its first-load
 * chunks). It is Next's client runtime and React DOM, which no app can ship less of. A build
 * cannot measure it without building a second app, so it is a figure, checked against the
 * installed versions: re-measure it when Next or React moves.
 */
const FRAMEWORK_FLOOR = { gzipKb: 131.3, versions: "next 16.4.6, react-dom 19.3.1" };

/** Issue 26: each public page's figure at b9324a1, the commit before the creator studio. */
const BASELINE_FILE = new URL("./public-pages-baseline.json", import.meta.url);
/** The studio's own pages, printed for what they cost a creator (no budget). */
const STUDIO_PAGES = ["/studio", "/studio/new", "/studio/drops/[id]", "/studio/drops/[id]/manage", "/studio/keys"];

type RouteStats = { route: string; firstLoadUncompressedJsBytes: number; firstLoadChunkPaths: string[] };
export type BundleSize = { route: string; uncompressedKb: number; gzipKb: number; gzipBytes: number; chunks: number };

export function readBundleSizes(routes?: string[]): BundleSize[] {
  if (!existsSync(STATS_FILE)) throw new Error(`${STATS_FILE} is missing: run \`next build\` first.`);
  const stats = JSON.parse(readFileSync(STATS_FILE, "utf8")) as RouteStats[];
  return stats
    .filter((entry) => !routes || routes.includes(entry.route))
    .map((entry) => {
      const gzipBytes = entry.firstLoadChunkPaths.reduce(
        (sum, chunk) => sum + gzipSync(readFileSync(chunk), { level: 9 }).length,
        0,
      );
      return {
        route: entry.route,
        uncompressedKb: entry.firstLoadUncompressedJsBytes / 1024,
        gzipKb: gzipBytes / 1024,
        gzipBytes,
        chunks: entry.firstLoadChunkPaths.length,
      };
    });
}

/** A public page (every page outside the studio) against its committed baseline. */
export type AgainstBaseline = { route: string; gzipBytes: number; baselineBytes: number | undefined; grew: boolean };

/** Every public page of the build against bench/public-pages-baseline.json; a page without a figure there counts as grown. */
export function publicPagesAgainstBaseline(sizes: readonly BundleSize[]): AgainstBaseline[] {
  const baseline = (JSON.parse(readFileSync(BASELINE_FILE, "utf8")) as { gzipBytes: Record<string, number> }).gzipBytes;
  return sizes
    .filter((size) => !size.route.startsWith(STUDIO_PREFIX))
    .map(({ route, gzipBytes }) => {
      const baselineBytes = baseline[route];
      return { route, gzipBytes, baselineBytes, grew: baselineBytes === undefined || gzipBytes > baselineBytes };
    });
}

/** The baseline page: /_not-found when the build lists it, else the page with the least gzip JS. */
export function emptyPage(sizes: readonly BundleSize[]): BundleSize | undefined {
  return sizes.find((size) => size.route === EMPTY_PAGE) ?? [...sizes].sort((a, b) => a.gzipKb - b.gzipKb)[0];
}

/** Each page held to a budget above the empty page, with its goal. */
const BUDGETED: readonly { route: string; goal: GoalId }[] = [
  { route: "/", goal: "home-page-js" },
  { route: "/search", goal: "search-page-js" },
  { route: DROP_PAGE, goal: "drop-page-js" },
  { route: COLLECTOR_PAGE, goal: "drop-page-js" },
];

export function printBundleSizes(): void {
  const all = readBundleSizes();
  const empty = emptyPage(all);
  const shown = [DROP_PAGE, COLLECTOR_PAGE, "/", "/search", "/docs"].flatMap((route) =>
    all.filter((size) => size.route === route),
  );
  if (empty && !shown.includes(empty)) shown.push(empty);
  // The creators' studio pages: their own code (the dashboard, its chart) is theirs alone.
  shown.push(...all.filter((size) => size.route.startsWith(STUDIO_PREFIX)));
  console.log("\nFirst-load JS per page (production build)");
  console.log("| Page | Uncompressed KB | gzip KB | Chunks |\n|---|---|---|---|");
  for (const size of shown)
    console.log(`| ${size.route} | ${size.uncompressedKb.toFixed(1)} | ${size.gzipKb.toFixed(1)} | ${size.chunks} |`);
  if (!empty) {
    console.log(`pages above the empty page: cannot tell (no page in ${STATS_FILE}) ✗`);
    return;
  }
  printEmptyPage(empty);
  printAgainstBaseline(all);
  for (const { route, goal } of BUDGETED) {
    const page = all.find((size) => size.route === route);
    if (!page) {
      console.log(`${route} above the empty page: cannot tell (missing in ${STATS_FILE}) ✗`);
      continue;
    }
    const above = page.gzipKb - empty.gzipKb;
    console.log(
      `${route} ${page.gzipKb.toFixed(1)} KB − empty page ${empty.gzipKb.toFixed(1)} KB = ${above.toFixed(1)} KB gzip  ${verdict(goal, above)}`,
    );
  }
}

/** Issue 26: the public pages do not grow past their b9324a1 figures; the studio's pages are printed as they are. */
function printAgainstBaseline(all: readonly BundleSize[]): void {
  console.log("\nPublic pages against b9324a1 (bench/public-pages-baseline.json), gzip bytes");
  for (const { route, gzipBytes, baselineBytes, grew } of publicPagesAgainstBaseline(all)) {
    const was =
      baselineBytes === undefined ? "no baseline" : `was ${baselineBytes} (${signed(gzipBytes - baselineBytes)} B)`;
    console.log(`  ${route.padEnd(18)} ${gzipBytes}  ${was}  ${grew ? "✗" : "✓"} does not grow`);
  }
  console.log("Studio pages' own first-load JS (no budget)");
  for (const route of STUDIO_PAGES) {
    const page = all.find((size) => size.route === route);
    console.log(`  ${route.padEnd(28)} ${page ? `${page.gzipKb.toFixed(1)} KB gzip` : "missing from the build ✗"}`);
  }
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The root layout's share: the empty page against a blank app of the same Next and React. */
function printEmptyPage(empty: BundleSize): void {
  const above = empty.gzipKb - FRAMEWORK_FLOOR.gzipKb;
  const installed = installedVersions();
  const stale =
    installed === FRAMEWORK_FLOOR.versions
      ? ""
      : ` (floor measured on ${FRAMEWORK_FLOOR.versions}, installed ${installed}: re-measure it)`;
  console.log(
    `empty page ${empty.route} ${empty.gzipKb.toFixed(1)} KB − framework floor ${FRAMEWORK_FLOOR.gzipKb.toFixed(1)} KB = ${above.toFixed(1)} KB gzip  ${verdict("empty-page-js", above)}${stale}`,
  );
}

function installedVersions(): string {
  const version = (name: string) =>
    (JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;
  return `next ${version("next")}, react-dom ${version("react-dom")}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printBundleSizes();
}
