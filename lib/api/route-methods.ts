// Which HTTP methods a path under /api really answers, for the `Allow` header of a 405.
// route-methods.json is generated from the route files themselves (npm run routes:methods)
// and a test fails when it is stale. Matching follows Next.js: static segments beat
// [param], which beats [...catchAll].
import routes from "./route-methods.json";

type Route = { pattern: string; segments: string[]; methods: string[] };

const ROUTES: Route[] = (routes as Array<{ pattern: string; methods: string[] }>)
  .map((r) => ({ pattern: r.pattern, segments: r.pattern.split("/").filter(Boolean), methods: r.methods }))
  .sort((a, b) => specificity(b) - specificity(a));

function specificity(route: Route): number {
  return route.segments.reduce((score, s) => score * 3 + (s.startsWith("[...") ? 0 : s.startsWith("[") ? 1 : 2), 1);
}

function matches(route: Route, parts: string[]): boolean {
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment.startsWith("[...")) return i < parts.length;
    if (parts[i] === undefined) return false;
    if (!segment.startsWith("[") && segment !== parts[i]) return false;
  }
  return parts.length === route.segments.length;
}

/** The methods the route at `pathname` answers; null when no route file serves it. */
export function allowedMethods(pathname: string): string[] | null {
  const parts = pathname.split("/").filter(Boolean);
  return ROUTES.find((route) => matches(route, parts))?.methods ?? null;
}

/**
 * The route file that serves `pathname`, as its template (`/api/v1/collections/[identifier]`):
 * what metrics and logs name a request by, so ids never become label values.
 */
export function routeTemplate(pathname: string): string {
  const parts = pathname.split("/").filter(Boolean);
  return ROUTES.find((route) => matches(route, parts))?.pattern ?? "unmatched";
}

/** The `Allow` header value for `pathname` (GET and HEAD for pages and unknown paths). */
export function allowHeader(pathname: string): string {
  return (allowedMethods(pathname) ?? ["GET", "HEAD"]).join(", ");
}
