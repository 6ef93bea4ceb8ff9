// The examples of each operation, written from the OpenAPI document: a curl command and a
// call of the typed client (lib/client), both with the document's own example values (the
// demo drops a fresh start seeds). Nothing here names a path, a parameter or a field.
import type { OperationObject } from "@/lib/api/openapi/document";
import type { JsonSchema } from "@/lib/api/openapi/json-schemas";

export type Example = { url: string; method: string; body?: unknown; needsKey: boolean };

type Parameter = { name: string; in: string; example?: unknown };
type Body = { content: { "application/json": { example?: unknown } } };

/** The request the examples make: the path filled with examples, the query with those it has. */
export function exampleRequest(serverUrl: string, method: string, path: string, operation: OperationObject): Example {
  const parameters = ((operation.parameters as Parameter[] | undefined) ?? []).filter((p) => "name" in p);
  const value = (name: string) => String(parameters.find((p) => p.name === name)?.example ?? `{${name}}`);
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
  const query = new URLSearchParams();
  for (const p of parameters) if (p.in === "query" && p.example !== undefined) query.set(p.name, String(p.example));
  const body = (operation.requestBody as Body | undefined)?.content["application/json"].example;
  return {
    url: `${serverUrl}${filled === "/" ? "" : filled}${query.size > 0 ? `?${query}` : ""}`,
    method,
    ...(body === undefined ? {} : { body }),
    // An operation with `security: []` (the document itself) needs no key.
    needsKey: !(Array.isArray(operation.security) && operation.security.length === 0),
  };
}

export function curlExample(example: Example): string {
  const lines = [`curl -sS${example.method === "GET" ? "" : ` -X ${example.method}`} "${example.url}"`];
  if (example.needsKey) lines.push(`-H "X-API-Key: $DROPMINT_API_KEY"`);
  if (example.body !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d '${JSON.stringify(example.body).replaceAll("'", "'\\''")}'`);
  }
  return lines.join(" \\\n  ");
}

/**
 * How the typed client takes a body that is not passed whole: the code alone, or the list
 * of signed transactions (lib/client/api-client.ts).
 */
const CLIENT_BODY_ARGUMENT: Record<string, (body: Record<string, unknown>) => unknown> = {
  validateClaimCode: (body) => body.code,
  executeMintBatch: (body) => body.transactions,
};

/** The typed client's call: path values in path order, then the query (an object) or the body. */
export function clientExample(path: string, operation: OperationObject): string {
  const parameters = ((operation.parameters as Parameter[] | undefined) ?? []).filter((p) => "name" in p);
  const args: unknown[] = [...path.matchAll(/\{(\w+)\}/g)].map(
    ([, name]) => parameters.find((p) => p.name === name)?.example ?? `<${name}>`,
  );
  const query = Object.fromEntries(
    parameters.filter((p) => p.in === "query" && p.example !== undefined).map((p) => [p.name, p.example]),
  );
  if (Object.keys(query).length > 0) args.push(query);
  const body = (operation.requestBody as Body | undefined)?.content["application/json"].example;
  if (body !== undefined) {
    const argument = CLIENT_BODY_ARGUMENT[operation.operationId];
    args.push(argument ? argument(body as Record<string, unknown>) : body);
  }
  const call = `await dropmint.${operation.operationId}(${args.map(literal).join(", ")})`;
  return `const answer = ${call};`;
}

/** A JavaScript literal of a JSON value, keys unquoted where they can be. */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (typeof value === "object" && value !== null)
    return `{ ${Object.entries(value as JsonSchema)
      .map(([key, v]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${literal(v)}`)
      .join(", ")} }`;
  return JSON.stringify(value);
}
