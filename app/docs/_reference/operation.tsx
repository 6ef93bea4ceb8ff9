// An endpoint of the reference, rendered from the OpenAPI document: its method and path, its
// summary, and (folded, no script needed) its parameters, body, answer fields and error
// codes. The guides around it say what the schemas cannot.
import type { JsonSchema } from "@/lib/api/openapi/json-schemas";
import { documentOf, operationOf, type OperationRef } from "./contract";
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
  return (
    <div className="space-y-2" id={`op-${operation.operationId}`}>
      <h3 className="font-mono text-lg">
        {method} {ref.router === "public" ? base : ""}
        {path}
      </h3>
      <p className="text-slate-300">{String(operation.summary)}.</p>
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
    <table className="w-full border-collapse text-left">
      <caption className="text-left font-semibold">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-b border-slate-800 align-top">
            <td className="py-1 pr-3 font-mono">{row.name}</td>
            <td className="py-1 pr-3 font-mono text-slate-400">{row.type}</td>
            <td className="py-1">{row.notes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
