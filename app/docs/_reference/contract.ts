// What the reference page reads: the same OpenAPI documents GET /api/v1/openapi.json and
// /api/public/openapi.json serve, built once per process from the zod schemas.
import { publicOperations, type PublicOperationId } from "@/lib/api/contract/public-operations";
import { v1Operations, type V1OperationId } from "@/lib/api/contract/v1-operations";
import { openApiDocument, ROUTER_BASE, type OperationObject } from "@/lib/api/openapi/document";
import type { Router } from "@/lib/api/contract/operation";
import { getConfig } from "@/lib/config";

export type OperationRef = { router: "v1"; id: V1OperationId } | { router: "public"; id: PublicOperationId };

export function documentOf(router: Router) {
  return openApiDocument(router, getConfig());
}

/** The documented operation, with its method and path as the document states them. */
export function operationOf(ref: OperationRef): {
  method: string;
  path: string;
  base: string;
  operation: OperationObject;
} {
  const contract = ref.router === "v1" ? v1Operations[ref.id] : publicOperations[ref.id];
  const operation = documentOf(ref.router).paths[contract.path]![contract.method.toLowerCase()]!;
  return { method: contract.method, path: contract.path, base: ROUTER_BASE[ref.router], operation };
}
