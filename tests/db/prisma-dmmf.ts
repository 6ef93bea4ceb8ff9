// The full DMMF (Prisma's parsed view of schema.prisma: fields, nullability, defaults,
// native types, indexes, relations), computed by the very schema parser the installed
// Prisma CLI uses: `node_modules/prisma/build/prisma_schema_build_bg.wasm`.
//
// The generated client only embeds a trimmed runtime data model (names and kinds, no
// defaults, native types or indexes), and `@prisma/internals` (getDMMF) is not installed,
// so this file is the small wasm-bindgen glue the CLI bundles for that module, written out.
// It is matched to the module's imports by name prefix, so a Prisma upgrade that changes
// the ABI fails here loudly rather than silently.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export type DmmfField = {
  name: string;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  isList: boolean;
  isRequired: boolean;
  isUnique: boolean;
  isId: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  nativeType?: [string, string[]] | null;
  dbName?: string | null;
  relationName?: string;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
};
export type DmmfModel = {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  primaryKey: { name: string | null; fields: string[] } | null;
  uniqueFields: string[][];
  uniqueIndexes: { name: string | null; fields: string[] }[];
};
export type DmmfIndex = {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  isDefinedOnField: boolean;
  dbName: string | null;
  name?: string | null;
  /** Access method when not the default B-tree (`type: Gin` …). */
  algorithm?: string;
  fields: { name: string; sortOrder?: string; operatorClass?: string }[];
};
export type DmmfEnum = { name: string; dbName: string | null; values: { name: string; dbName: string | null }[] };
export type Dmmf = { datamodel: { models: DmmfModel[]; enums: DmmfEnum[]; indexes: DmmfIndex[] } };

type WasmExports = {
  memory: WebAssembly.Memory;
  __wbindgen_externrefs: WebAssembly.Table;
  __wbindgen_malloc(size: number, align: number): number;
  __wbindgen_realloc(ptr: number, oldSize: number, newSize: number, align: number): number;
  __wbindgen_free(ptr: number, size: number, align: number): void;
  __externref_table_dealloc(index: number): void;
  __wbindgen_start(): void;
  get_dmmf(ptr: number, len: number): [number, number, number, number];
};

function loadSchemaWasm(): WasmExports {
  const require = createRequire(import.meta.url);
  const cli = require.resolve("prisma/package.json");
  const file = path.join(path.dirname(cli), "build", "prisma_schema_build_bg.wasm");
  const module = new WebAssembly.Module(readFileSync(file));
  let wasm: WasmExports | undefined;
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });
  const text = (ptr: number, len: number) => decoder.decode(new Uint8Array(wasm!.memory.buffer).subarray(ptr >>> 0, (ptr >>> 0) + len));
  let panicMessage = "";
  const byPrefix: Array<[string, (...args: number[]) => unknown]> = [
    ["__wbg_set_message_", (ptr, len) => void (panicMessage = text(ptr!, len!))],
    ["__wbg_Error_", (ptr, len) => new Error(text(ptr!, len!))],
    ["__wbg___wbindgen_throw_", (ptr, len) => {
      throw new Error(text(ptr!, len!));
    }],
    ["__wbindgen_init_externref_table", () => {
      const table = wasm!.__wbindgen_externrefs;
      const base = table.grow(4);
      table.set(0, undefined);
      table.set(base + 0, undefined);
      table.set(base + 1, null);
      table.set(base + 2, true);
      table.set(base + 3, false);
    }],
  ];
  const imports: Record<string, Record<string, unknown>> = {};
  for (const entry of WebAssembly.Module.imports(module)) {
    const match = byPrefix.find(([prefix]) => entry.name.startsWith(prefix));
    if (!match) throw new Error(`prisma_schema_build_bg.wasm wants an unknown import ${entry.module}.${entry.name}: update tests/db/prisma-dmmf.ts for this Prisma version`);
    (imports[entry.module] ??= {})[entry.name] = match[1];
  }
  const instance = new WebAssembly.Instance(module, imports as WebAssembly.Imports);
  wasm = instance.exports as unknown as WasmExports;
  wasm.__wbindgen_start();
  void panicMessage;
  return wasm;
}

/** Parses schema text with Prisma's own parser and returns its DMMF. */
export function getDmmf(schemaPath: string): Dmmf {
  const wasm = loadSchemaWasm();
  const params = JSON.stringify({ prismaSchema: [[schemaPath, readFileSync(schemaPath, "utf8")]], noColor: true });
  const bytes = new TextEncoder().encode(params);
  const ptr = wasm.__wbindgen_malloc(bytes.length, 1) >>> 0;
  new Uint8Array(wasm.memory.buffer).set(bytes, ptr);
  const [outPtr, outLen, errRef, isErr] = wasm.get_dmmf(ptr, bytes.length);
  if (isErr) {
    const error = wasm.__wbindgen_externrefs.get(errRef) as unknown;
    wasm.__externref_table_dealloc(errRef);
    throw error instanceof Error ? error : new Error(String(error));
  }
  try {
    const json = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer).subarray(outPtr >>> 0, (outPtr >>> 0) + outLen));
    return JSON.parse(json) as Dmmf;
  } finally {
    wasm.__wbindgen_free(outPtr, outLen, 1);
  }
}
