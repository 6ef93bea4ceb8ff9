// Whether the documents allow a request, judged on its own (issue 24: the document says
// exactly what the server takes): every parameter's text against its schema, the required
// ones present, and the body against the request schema. A number parameter's text is read
// as JSON number text, the way OpenAPI writes a primitive into a query; anything else stays
// a string and fails `integer`. Validated by Ajv over the document's own components.
import type { ValidateFunction } from "ajv/dist/2020.js";
import type { OperationObject } from "@/lib/api/openapi/document";
import { compileAgainst, type Contract } from "../helpers/contract";
import type { JsonSchema } from "./schema-arbitrary";

/** `values`: each parameter's text as sent (path or query); `body`: the JSON sent, or undefined without one. */
export type Conformance = (values: Record<string, string>, body: unknown) => boolean;

const JSON_NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

type Parameter = { name: string; required: boolean; numeric: boolean; validate: ValidateFunction };

export function conformanceOf(contract: Contract, operation: OperationObject): Conformance {
  const parameters: Parameter[] = ((operation.parameters as JsonSchema[] | undefined) ?? [])
    .filter((p) => p.in === "path" || p.in === "query")
    .map((p) => {
      const schema = p.schema as JsonSchema;
      return {
        name: p.name as string,
        required: p.required === true,
        numeric: schema.type === "integer" || schema.type === "number",
        validate: compileAgainst(contract, schema),
      };
    });
  const bodySchema = (operation.requestBody as { content: { "application/json": { schema: JsonSchema } } } | undefined)
    ?.content["application/json"].schema;
  const validateBody = bodySchema ? compileAgainst(contract, bodySchema) : null;

  return (values, body) => {
    for (const parameter of parameters) {
      const text = values[parameter.name];
      if (text === undefined) {
        if (parameter.required) return false;
        continue;
      }
      const value = parameter.numeric && JSON_NUMBER_TEXT.test(text) ? Number(text) : text;
      if (!parameter.validate(value)) return false;
    }
    return validateBody === null || body === undefined || validateBody(body);
  };
}
