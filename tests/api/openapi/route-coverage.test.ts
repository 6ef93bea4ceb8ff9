// Every route file under app/api/v1 (and app/api/public) and every method it serves is in
// its router's OpenAPI document, and the other way round. The methods come from the route
// files themselves (lib/api/route-methods.json, which tests/api/route-methods.test.ts keeps
// current); each handler names the contract operation it was built from, so a route cannot
// validate with other schemas than the ones its document publishes.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import routeMethods from "@/lib/api/route-methods.json";
import { contractOf } from "../../helpers/contract";

const APP_API = path.resolve(import.meta.dirname, "../../../app/api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? routeFiles(full) : entry === "route.ts" ? [full] : [];
  });
}

/** `/collections/[identifier]/eligibility/[phaseId]` and `/collections/{collectionId}/eligibility/{phaseId}` are the same path. */
const shape = (route: string) => route.replace(/\[[^\]]+\]|\{[^}]+\}/g, "{}");

describe.each([
  ["v1", "/api/v1"],
  ["public", "/api/public"],
] as const)("the %s routes and their OpenAPI document", (router, base) => {
  const { document } = contractOf(router);
  const documented = Object.entries(document.paths).flatMap(([docPath, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${shape(docPath)}`,
      operationId: operation.operationId,
    })),
  );
  const files = routeFiles(path.join(APP_API, base.slice("/api/".length))).filter((file) => !file.includes("[..."));
  const served = files.flatMap((file) => {
    const pattern = "/" + path.relative(APP_API, path.dirname(file)).split(path.sep).join("/");
    const entry = (routeMethods as Array<{ pattern: string; methods: string[] }>).find(
      (route) => route.pattern === `/api${pattern}`,
    );
    const methods = (entry?.methods ?? []).filter((method) => method !== "HEAD" && method !== "OPTIONS");
    const relative = `/api${pattern}`.slice(base.length) || "/";
    return methods.map((method) => ({ file, method, key: `${method} ${shape(relative)}` }));
  });

  it("has a route file for every documented operation, and every route file's methods are documented", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(served.map((s) => s.key).sort()).toEqual(documented.map((d) => d.key).sort());
  });

  it("serves each documented operation with the handler built from that operation", async () => {
    for (const { file, method, key } of served) {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, { operationId?: string }>;
      const expected = documented.find((d) => d.key === key)?.operationId;
      expect(mod[method]?.operationId, `${key} (${path.relative(APP_API, file)})`).toBe(expected);
    }
  });
});
