// Calls the app's route handlers the way Next.js would: the URL path is matched against the
// folder tree under app/ ([param], [...catchAll]) and the handler of the method is invoked
// with a real Request. No server and no mocks: the same modules `next start` serves.
// Every answer is checked against the OpenAPI document (tests/helpers/contract.ts): an
// answer its operation does not document fails the test that received it.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { contractViolation } from "./contract";

type Route = { segments: string[]; file: string };

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

function collectRoutes(dir: string, segments: string[] = []): Route[] {
  const routes: Route[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry.startsWith("_")) continue;
      // (group) folders do not add a path segment.
      routes.push(...collectRoutes(full, /^\(.*\)$/.test(entry) ? segments : [...segments, entry]));
    } else if (entry === "route.ts") {
      routes.push({ segments, file: full });
    }
  }
  return routes;
}

const ROUTES = collectRoutes(APP_DIR).sort((a, b) => specificity(b) - specificity(a));

function specificity(route: Route): number {
  // Static segments beat [param], which beats [...catchAll].
  return route.segments.reduce((score, s) => score * 3 + (s.startsWith("[...") ? 0 : s.startsWith("[") ? 1 : 2), 1);
}

function match(route: Route, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment.startsWith("[...")) {
      if (i >= parts.length) return null;
      params[segment.slice(4, -1)] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith("[")) params[segment.slice(1, -1)] = part;
    else if (segment !== part) return null;
  }
  return parts.length === route.segments.length ? params : null;
}

export type CallOptions = { headers?: Record<string, string>; body?: unknown; rawBody?: string | Uint8Array };

/** Sends `method path` to the app and returns the Response. */
export async function callRoute(method: string, url: string, options: CallOptions = {}): Promise<Response> {
  const full = new URL(url, "http://localhost:3000");
  const parts = full.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const route of ROUTES) {
    const params = match(route, parts);
    if (!params) continue;
    const mod = (await import(route.file)) as Record<string, unknown>;
    const handler = mod[method] as
      ((request: Request, context: { params: Promise<typeof params> }) => Promise<Response>) | undefined;
    if (!handler) return new Response(null, { status: 405 });
    const headers = new Headers(options.headers);
    let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody as
      string | Uint8Array<ArrayBuffer> | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const response = await handler(new Request(full, { method, headers, body }), { params: Promise.resolve(params) });
    const violation = contractViolation(method, full.pathname, response.status, await response.clone().text());
    if (violation) throw new Error(`The answer breaks the OpenAPI document: ${violation}`);
    return response;
  }
  return new Response(null, { status: 404 });
}

/** JSON of a response, with the status beside it. */
export async function callJson(method: string, url: string, options: CallOptions = {}) {
  const response = await callRoute(method, url, options);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? (JSON.parse(text) as Record<string, any>) : null,
  };
}
