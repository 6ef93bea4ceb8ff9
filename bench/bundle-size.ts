// First-load JavaScript per page of the production build, from Next's own diagnostics
// (.next/diagnostics/route-bundle-stats.json; Next 16 no longer prints First Load JS),
// with each chunk gzipped here the way a server would send it.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const STATS_FILE = ".next/diagnostics/route-bundle-stats.json";

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
      gzipKb: entry.firstLoadChunkPaths.reduce((sum, chunk) => sum + gzipSync(readFileSync(chunk), { level: 9 }).length, 0) / 1024,
      chunks: entry.firstLoadChunkPaths.length,
    }));
}

export function printBundleSizes(sizes: BundleSize[]): void {
  console.log("\nFirst-load JS per page (production build)");
  console.log("| Page | Uncompressed KB | gzip KB | Chunks |\n|---|---|---|---|");
  for (const size of sizes) console.log(`| ${size.route} | ${size.uncompressedKb.toFixed(1)} | ${size.gzipKb.toFixed(1)} | ${size.chunks} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printBundleSizes(readBundleSizes(["/", "/d/[identifier]", "/docs", "/search"]));
}
