// A JSON Schema of the document as rows of fields for the reference tables: `phases.all[]`,
// its type as a reader says it (`string | null`, `Phase`), and its limits.
import type { JsonSchema } from "@/lib/api/openapi/json-schemas";

type Components = { components: { schemas: Record<string, JsonSchema> } };
export type FieldRow = { name: string; type: string; notes: string };

const refName = (schema: JsonSchema) => (typeof schema.$ref === "string" ? schema.$ref.split("/").pop()! : null);

function resolve(schema: JsonSchema, document: Components): JsonSchema {
  const name = refName(schema);
  return name ? (document.components.schemas[name] ?? {}) : schema;
}

export function typeOf(schema: JsonSchema, document: Components): string {
  const name = refName(schema);
  if (name) return name;
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(" | ");
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(schema[key]))
      return [...new Set((schema[key] as JsonSchema[]).map((option) => typeOf(option, document)))].join(" | ");
  }
  if (Array.isArray(schema.allOf))
    return (schema.allOf as JsonSchema[]).map((part) => typeOf(part, document)).join(" & ");
  const types = [schema.type].flat().filter(Boolean) as string[];
  if (types.includes("array")) return `${typeOf((schema.items as JsonSchema | undefined) ?? {}, document)}[]`;
  if (types.length === 0) return "any";
  return types.join(" | ");
}

export function constraintsOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.description) notes.push(String(schema.description));
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.minimum !== undefined) notes.push(`≥ ${String(schema.minimum)}`);
  if (schema.exclusiveMinimum !== undefined) notes.push(`> ${String(schema.exclusiveMinimum)}`);
  if (schema.maximum !== undefined) notes.push(`≤ ${String(schema.maximum)}`);
  if (schema.minLength !== undefined) notes.push(`at least ${String(schema.minLength)} characters`);
  if (schema.maxLength !== undefined) notes.push(`at most ${String(schema.maxLength)} characters`);
  if (schema.minItems !== undefined) notes.push(`at least ${String(schema.minItems)} items`);
  if (schema.maxItems !== undefined) notes.push(`at most ${String(schema.maxItems)} items`);
  if (schema.format) notes.push(String(schema.format));
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(schema[key])) notes.push(...(schema[key] as JsonSchema[]).flatMap(constraintsOf));
  }
  return [...new Set(notes)];
}

/** The object's fields, nested objects one level down (named parts by name). A union lists each variant's fields. */
export function fieldsOf(schema: JsonSchema, document: Components, prefix = "", depth = 0): FieldRow[] {
  const resolved = resolve(schema, document);
  const variants = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (variants && depth === 0)
    return variants.flatMap((variant, i) => [
      { name: `variant ${i + 1}`, type: typeOf(variant, document), notes: "" },
      ...fieldsOf(variant, document, prefix, depth + 1),
    ]);
  const properties = (resolved.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((resolved.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([name, property]) => {
    const row = {
      name: `${prefix}${name}`,
      type: typeOf(property, document),
      notes: [required.has(name) ? "" : "optional", ...constraintsOf(property)].filter(Boolean).join("; "),
    };
    const inline = refName(property) === null && property.type === "object" && depth < 1;
    return inline ? [row, ...fieldsOf(property, document, `${prefix}${name}.`, depth + 1)] : [row];
  });
}
