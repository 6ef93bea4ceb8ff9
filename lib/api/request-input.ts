// Reads and validates a request's path parameters, query and JSON body against the
// route's zod schemas. Every failure is a 4xx with a stable code.
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { describeZodError } from "@/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;

export type RouteParams = Record<string, string | string[] | undefined>;
export type InputSchemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };

export async function parseInput(request: Request, schemas: InputSchemas, rawParams: RouteParams) {
  const query: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
  return {
    params: schemas.params ? validate(schemas.params, rawParams, "path") : rawParams,
    query: schemas.query ? validate(schemas.query, query, "query") : query,
    body: schemas.body ? validate(schemas.body, await readJsonBody(request), "body") : undefined,
  };
}

function validate(schema: z.ZodType, value: unknown, where: string): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError("INVALID_REQUEST", describeZodError(result.error, where));
  return result.data;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
const invalidJson = () => new AppError("INVALID_JSON", "The request body is not valid JSON.");

export async function readJsonBody(request: Request): Promise<unknown> {
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with Content-Type: application/json.");
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const bytes = await readAtMost(request, MAX_BODY_BYTES);
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw invalidJson();
  }
}

/** Reads the body stream, giving up as soon as it passes `max` bytes (no Content-Length trust). */
async function readAtMost(request: Request, max: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}
