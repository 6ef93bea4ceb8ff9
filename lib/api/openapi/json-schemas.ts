// zod → JSON Schema (2020-12, OpenAPI 3.1's dialect) with zod 4's own z.toJSONSchema.
// Responses are converted as the service sends them (io "output"), requests as a caller
// writes them (io "input": a default is optional, a coerced number is a number). Shared
// response parts are named components, referenced by $ref.
import { z } from "zod";

export type JsonSchema = { [key: string]: unknown };

const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/**
 * Drops what says nothing to a reader: the dialect and id zod adds to each schema, and the
 * ±2^53 bounds it puts on every integer (JSON numbers past them are not integers to us either).
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (typeof value !== "object" || value === null) return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "$schema" || key === "$id") continue;
    if ((key === "minimum" || key === "maximum") && SAFE_INTEGER_BOUNDS.has(child as number)) continue;
    out[key] = tidy(child);
  }
  return out;
}

export function componentRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * Every named schema as a component; a named schema inside another is a $ref to its
 * component. A schema named twice keeps its first name (`nameOf` says which).
 */
export function responseComponents(named: ReadonlyArray<readonly [string, z.ZodType]>) {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of named) if (!registry.has(schema)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: "output",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return {
    schemas: tidy(schemas) as Record<string, JsonSchema>,
    nameOf: (schema: z.ZodType) => registry.get(schema)?.id,
  };
}

/** A request part (path, query or body) as the caller writes it, inlined. */
export function requestSchema(schema: z.ZodType): JsonSchema {
  return tidy(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" })) as JsonSchema;
}
