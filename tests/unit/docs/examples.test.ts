// Issue 24 item 12: every v1 operation has its anchor on /docs and examples in curl and in
// the typed client, written from the OpenAPI document. The curl request is one the document
// allows (judged as the contract fuzz judges requests), and the client call names a method
// the typed client has.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDropmintClient } from "@/lib/client/api-client";
import { clientExample, curlExample, exampleRequest } from "@/app/docs/_reference/examples";
import { contractOf } from "../../helpers/contract";
import { conformanceOf } from "../../fuzz/conformance";

const contract = contractOf("v1");
const serverUrl = (contract.document.servers as Array<{ url: string }>)[0]!.url;
const operations = Object.entries(contract.document.paths).flatMap(([p, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path: p, method: method.toUpperCase(), operation })),
);
const DOCS_DIR = path.resolve(import.meta.dirname, "../../../app/docs");
const docsSource = readdirSync(DOCS_DIR, { recursive: true })
  .filter((file) => String(file).endsWith(".tsx"))
  .map((file) => readFileSync(path.join(DOCS_DIR, String(file)), "utf8"))
  .join("\n");

describe.each(operations.map((o) => [o.operation.operationId, o] as const))("/docs for %s", (id, o) => {
  it("renders the operation, so its #op- anchor exists", () => {
    expect(docsSource).toContain(`<Operation router="v1" id="${id}" />`);
  });

  it("gives a curl command the document allows", () => {
    const example = exampleRequest(serverUrl, o.method, o.path, o.operation);
    const curl = curlExample(example);
    expect(curl).toContain(example.url);
    if (o.method !== "GET") expect(curl).toContain(`-X ${o.method}`);
    const url = new URL(example.url);
    const template = new RegExp(
      `^${new URL(serverUrl).pathname}${o.path === "/" ? "" : o.path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`,
    );
    const values: Record<string, string> = {
      ...Object.fromEntries(
        Object.entries(url.pathname.match(template)?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
      ),
      ...Object.fromEntries(url.searchParams),
    };
    expect(url.pathname).toMatch(template);
    expect(conformanceOf(contract, o.operation)(values, example.body)).toBe(true);
  });

  it("gives a call of the typed client's own method", () => {
    const client = createDropmintClient({ baseUrl: "http://localhost:3000" }) as unknown as Record<string, unknown>;
    const call = clientExample(o.path, o.operation);
    const method = call.match(/dropmint\.(\w+)\(/)?.[1];
    expect(method).toBe(id);
    expect(typeof client[method!]).toBe("function");
  });
});
