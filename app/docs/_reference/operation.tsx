// An endpoint of the reference, rendered from the OpenAPI document: its method and path (a
// link to its own anchor, #op-<operationId>), its summary, its examples in curl and in the
// typed client, and (folded, no script needed) its parameters, body, answer fields and
// error codes. The guides around it say what the schemas cannot.
import type { JsonSchema } from "@/lib/api/openapi/json-schemas";
import { documentOf, operationOf, type OperationRef } from "./contract";
import { clientExample, curlExample, exampleRequest } from "./examples";
import { fieldsOf, typeOf, constraintsOf } from "./schema-fields";

/** `GET /collections/{identifier}` as inline code, from the document. */
export function Endpoint(ref: OperationRef & { full?: boolean }) {
  const { method, path, base } = operationOf(ref);
  return (
    <code>
      {method} {ref.full || ref.router === "public" ? base : ""}
      {ref.full || ref.router === "public" ? (path === "/" ? "" : path) : path}
    </code>
  );
}

export function Operation(ref: OperationRef) {
  const { method, path, base, operation } = operationOf(ref);
  const document = documentOf(ref.router);
  const parameters = ((operation.parameters as JsonSchema[] | undefined) ?? []).filter(
    (p) => p.in === "path" || p.in === "query",
  );
  const bodyRef = (operation.requestBody as { content: { "application/json": { schema: JsonSchema } } } | undefined)
    ?.content["application/json"].schema;
  const success = (operation.responses["200"] as { content: { "application/json": { schema: JsonSchema } } }).content[
    "application/json"
  ].schema;
  const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
  const anchor = `op-${operation.operationId}`;
  const serverUrl = (document.servers as Array<{ url: string }>)[0]!.url;
  return (
    <div className="scroll-mt-4 space-y-2" id={anchor} data-operation={operation.operationId}>
      <h3 className="font-mono text-lg">
        <a href={`#${anchor}`} className="hover:underline">
          {method} {ref.router === "public" ? base : ""}
          {path}
        </a>
      </h3>
      <p className="text-slate-300">{String(operation.summary)}.</p>
      <details className="rounded border border-slate-800 px-3 py-2 text-sm">
        <summary className="cursor-pointer text-slate-400">Examples: curl and the typed client</summary>
        <div className="space-y-2 pt-2">
          <pre className="overflow-x-auto rounded bg-black/40 p-3 text-xs" data-example="curl">
            {curlExample(exampleRequest(serverUrl, method, path, operation))}
          </pre>
          <pre className="overflow-x-auto rounded bg-black/40 p-3 text-xs" data-example="client">
            {clientExample(path, operation)}
          </pre>
        </div>
      </details>
      <details className="rounded border border-slate-800 px-3 py-2 text-sm">
        <summary className="cursor-pointer text-slate-400">Reference: parameters, body, answer and error codes</summary>
        <div className="space-y-3 pt-2">
          {parameters.length > 0 && (
            <FieldTable
              caption="Parameters"
              rows={parameters.map((p) => ({
                name: `${p.name as string} (${p.in as string})`,
                type: typeOf(p.schema as JsonSchema, document),
                notes: [p.required ? "required" : "optional", ...constraintsOf(p.schema as JsonSchema)].join("; "),
              }))}
            />
          )}
          {bodyRef && <FieldTable caption="Body (JSON)" rows={fieldsOf(bodyRef, document)} />}
          <FieldTable caption="Answer 200" rows={fieldsOf(success, document)} />
          <FieldTable
            caption="Errors"
            rows={errors.map(([status, response]) => ({
              name: status,
              type: "",
              notes: ((response as JsonSchema).description as string)
                .split("\n\n")
                .map((line) => line.split(":")[0])
                .join(", "),
            }))}
          />
        </div>
      </details>
    </div>
  );
}

function FieldTable({
  caption,
  rows,
}: {
  caption: string;
  rows: Array<{ name: string; type: string; notes: string }>;
}) {
  return (
    // On a phone each row stacks (name, type, then notes) instead of squeezing three columns.
    <table className="block w-full border-collapse text-left sm:table">
      <caption className="block text-left font-semibold sm:table-caption">{caption}</caption>
      <tbody className="block sm:table-row-group">
        {rows.map((row) => (
          <tr key={row.name} className="block border-b border-slate-800 py-1 align-top sm:table-row sm:py-0">
            <td className="block font-mono [overflow-wrap:anywhere] sm:table-cell sm:py-1 sm:pr-3">{row.name}</td>
            <td className="block font-mono text-slate-400 [overflow-wrap:anywhere] sm:table-cell sm:py-1 sm:pr-3">
              {row.type}
            </td>
            <td className="block [overflow-wrap:anywhere] sm:table-cell sm:py-1">{row.notes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
