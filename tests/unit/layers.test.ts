// The import graph of app/ and lib/ points one way (scripts/check-layers.ts).
import { describe, expect, it } from "vitest";
import { findLayerViolations, layerOf, readSourceTree } from "@/scripts/check-layers";

describe("layers", () => {
  it("every import in app/ and lib/ points the right way", () => {
    const violations = findLayerViolations(readSourceTree(process.cwd()));
    expect(violations.map((v) => `${v.file}:${v.line} ${v.specifier} — ${v.reason}`)).toEqual([]);
  });

  it("names a service that reaches into the HTTP pipeline or the framework, however it imports it", () => {
    const files = new Map([
      [
        "lib/services/bad.ts",
        'import { handleApiError } from "@/lib/api/handle-error";\nimport type { NextRequest } from "next/server";\n',
      ],
      ["lib/services/mint/lazy.ts", 'export async function f() {\n  return import("../../api/route");\n}\n'],
      ["lib/domain/impure.ts", 'import { x } from "@/lib/db/client";\n'],
      ["lib/chain/up.ts", 'export { y } from "../services/gallery";\n'],
      ["lib/api/fine.ts", 'import { getGallery } from "@/lib/services/gallery";\nimport { z } from "zod";\n'],
    ]);
    expect(findLayerViolations(files).map((v) => [v.file, v.line, v.reason])).toEqual([
      ["lib/services/bad.ts", 1, "services must not import api"],
      ["lib/services/bad.ts", 2, "lib/services must not depend on the web framework (next/server)"],
      ["lib/services/mint/lazy.ts", 2, "services must not import api"],
      ["lib/domain/impure.ts", 1, "domain must not import db"],
      ["lib/chain/up.ts", 1, "chain must not import services"],
    ]);
  });

  it("knows every folder of lib/", () => {
    for (const file of readSourceTree(process.cwd()).keys()) {
      if (file.startsWith("lib/")) expect(layerOf(file), file).not.toBeNull();
    }
  });
});
