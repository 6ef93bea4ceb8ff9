// fast-check arbitraries from the JSON Schemas of the OpenAPI documents: values a schema
// accepts, and values it should refuse. Hand-written because no maintained package turns
// JSON Schema 2020-12 (the dialect OpenAPI 3.1 and zod's z.toJSONSchema use) into
// fast-check arbitraries; the subset here is the one our documents contain, and an
// unknown keyword fails loudly instead of generating nonsense.
import bs58 from "bs58";
import fc from "fast-check";
import { SOLANA_ADDRESS_FORMAT } from "@/lib/schemas/common";

export type JsonSchema = { [key: string]: unknown };
type Resolve = (ref: string) => JsonSchema;

const MAX_ITEMS = 3;
/** Past this, a length or a number only costs time: the checks are the same for 10,000 and 10^9. */
const LONG_STRING = 300;

export function validArbitrary(schema: JsonSchema, resolve: Resolve): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === "string") return validArbitrary(resolve(schema.$ref), resolve);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ["anyOf", "oneOf"] as const) {
    // Options beside properties narrow the object (one of several names required): merged into it.
    if (Array.isArray(schema[key]) && schema.properties !== undefined) {
      const { [key]: options, ...base } = schema;
      return fc.oneof(...(options as JsonSchema[]).map((option) => validArbitrary(merged(base, option), resolve)));
    }
    if (Array.isArray(schema[key]))
      return fc.oneof(...(schema[key] as JsonSchema[]).map((option) => validArbitrary(option, resolve)));
  }
  if (Array.isArray(schema.allOf))
    return validArbitrary(
      Object.assign({}, ...(schema.allOf as JsonSchema[]).map((part) => resolvePart(part, resolve))),
      resolve,
    );
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => validArbitrary({ ...schema, type: t }, resolve)));
  switch (type) {
    case "string":
      return stringArbitrary(schema);
    case "integer":
    case "number":
      return numberArbitrary(schema, type === "integer");
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? MAX_ITEMS, MAX_ITEMS));
      return fc.array(validArbitrary(items, resolve), { minLength, maxLength });
    }
    case "object":
      return objectArbitrary(schema, resolve);
    case undefined:
      // `{}`: anything (zod's z.unknown(), or a field it transforms whatever it is).
      if (schema.not !== undefined) return fc.constant(undefined);
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`no arbitrary for type ${String(type)}`);
  }
}

function merged(base: JsonSchema, option: JsonSchema): JsonSchema {
  const required = [...((base.required as string[]) ?? []), ...((option.required as string[]) ?? [])];
  return { ...base, ...option, required: [...new Set(required)] };
}

function resolvePart(part: JsonSchema, resolve: Resolve): JsonSchema {
  return typeof part.$ref === "string" ? resolve(part.$ref) : part;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? LONG_STRING, Math.max(minLength, LONG_STRING));
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "date-time")
    return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((date) => date.toISOString());
  // Any 32 bytes are a Solana address; their base58 is the canonical text.
  if (schema.format === SOLANA_ADDRESS_FORMAT)
    return fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bs58.encode(bytes));
  // JSON Schema counts code points, and its patterns are Unicode-aware.
  const fits = (value: string) => [...value].length >= minLength && [...value].length <= maxLength;
  if (typeof schema.pattern === "string") {
    const pattern = new RegExp(schema.pattern, "u");
    return fc.stringMatching(pattern).filter((value) => fits(value) && pattern.test(value));
  }
  return fc.string({ minLength, maxLength, unit: "grapheme" }).filter(fits);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const min =
    (schema.minimum as number | undefined) ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : 1e-6) : -1e6);
  const max = (schema.maximum as number | undefined) ?? Math.max(min + 1e6, 1e6);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(schema: JsonSchema, resolve: Resolve): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  // A property that must not be sent (`not: {}`, execute-mint's transactionHash) is left out.
  for (const [name, property] of Object.entries(properties))
    if (property.not === undefined) model[name] = validArbitrary(property, resolve);
  return fc.record(model, { requiredKeys: [...required].filter((name) => name in model) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** Values that break a schema's type or bounds: what a careless or hostile caller sends. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      null,
      true,
      0,
      -1,
      1.5,
      1e21,
      "",
      " ",
      "%",
      "\u0000",
      "null",
      "[]",
      "{}",
      "../../etc/passwd",
      "<script>",
      "' OR 1=1 --",
      "𝌆".repeat(40),
      "a".repeat(5000),
    ),
    fc.string({ maxLength: 40, unit: "binary" }),
    fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
    fc.integer(),
    fc.double(),
  );
}

/** A valid object with one field broken, dropped or a stranger added. */
export function hostileObject(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), hostileValue(), fc.constantFrom("break", "drop", "add", "whole"))
    .map(([value, pick, hostile, how]) => {
      if (how === "whole" || typeof value !== "object" || value === null || Array.isArray(value)) return hostile;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys[pick % Math.max(keys.length, 1)];
      if (how === "add" || key === undefined) copy[`x${pick % 100}`] = hostile;
      else if (how === "drop") delete copy[key];
      else copy[key] = hostile;
      return copy;
    });
}
