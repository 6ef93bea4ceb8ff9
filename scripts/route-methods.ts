// `npm run routes:methods`: writes lib/api/route-methods.json, the HTTP methods each route
// file under app/api really answers, for the `Allow` header of every 405 (the route files'
// own 405 answers, and scripts/serve.ts for methods Next.js never routes, like TRACE).
//
// The route files are the one source of truth: this imports each of them and lists the
// methods whose export is a real handler, not the shared 405 or preflight answer.
// tests/api/route-methods.test.ts fails when the file is stale.
import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
const APP_DIR = path.join(ROOT, "app");
export const ROUTE_METHODS_FILE = path.join(ROOT, "lib/api/route-methods.json");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export type RouteMethods = { pattern: string; methods: string[] };

function routeFiles(dir: string, segments: string[] = []): Array<{ pattern: string; file: string }> {
  const found: Array<{ pattern: string; file: string }> = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry.startsWith("_")) continue;
      found.push(...routeFiles(full, /^\(.*\)$/.test(entry) ? segments : [...segments, entry]));
    } else if (entry === "route.ts") {
      found.push({ pattern: `/${segments.join("/")}`, file: full });
    }
  }
  return found;
}

export async function collectRouteMethods(): Promise<RouteMethods[]> {
  const { v1MethodNotAllowed, v1Preflight } = await import("../lib/api/v1-route");
  const { publicMethodNotAllowed, publicPreflight } = await import("../lib/api/public-route");
  const refusals = new Set<unknown>([v1MethodNotAllowed, publicMethodNotAllowed]);
  const preflights = new Set<unknown>([v1Preflight, publicPreflight]);
  const routes: RouteMethods[] = [];
  for (const { pattern, file } of routeFiles(path.join(APP_DIR, "api"), ["api"])) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const methods: string[] = METHODS.filter((m) => typeof mod[m] === "function" && !refusals.has(mod[m]));
    if (methods.includes("GET")) methods.splice(1, 0, "HEAD"); // Next answers HEAD with the GET handler
    if (typeof mod.OPTIONS === "function" || preflights.has(mod.OPTIONS)) methods.push("OPTIONS");
    routes.push({ pattern, methods });
  }
  return routes;
}

export function serialize(routes: RouteMethods[]): string {
  return `${JSON.stringify(routes, null, 2)}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(ROUTE_METHODS_FILE, serialize(await collectRouteMethods()));
  console.log(`Wrote ${path.relative(ROOT, ROUTE_METHODS_FILE)}.`);
  process.exit(0);
}
