// Reads and validates a request's path parameters, query and JSON body against the
// route's zod schemas. Every failure is a 4xx with a stable code.
//
// The body is read first, on its own (readBody), before the request takes a place in the
// admission gate: with a size cap and a deadline, so a client that sends a few bytes and
// stalls is answered 408 REQUEST_TIMEOUT and never holds a place the gate keeps for work.
import type { z } from "zod";
import { DEFAULT_BODY_TIMEOUT_MS } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { describeZodError } from "@/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;

export type RouteParams = Record<string, string | string[] | undefined>;
export type InputSchemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };

/** `body`: what readBody returned (undefined when the route takes no body). */
export function parseInput(request: Request, schemas: InputSchemas, rawParams: RouteParams, body?: unknown) {
  const query: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
  return {
    params: schemas.params ? validate(schemas.params, rawParams, "path") : rawParams,
    query: schemas.query ? validate(schemas.query, query, "query") : query,
    body: schemas.body ? validate(schemas.body, body, "body") : undefined,
  };
}

function validate(schema: z.ZodType, value: unknown, where: string): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError("INVALID_REQUEST", describeZodError(result.error, where));
  return result.data;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const tooLarge = (max = MAX_BODY_BYTES) =>
  new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${Math.floor(max / 1024)} KB.`);
const invalidJson = () => new AppError("INVALID_JSON", "The request body is not valid JSON.");
const tooSlow = (timeoutMs: number) =>
  new AppError(
    "REQUEST_TIMEOUT",
    `The request body did not arrive within ${timeoutMs / 1000} seconds; nothing was done.`,
  );

/** The parsed JSON body, read within `timeoutMs` and MAX_BODY_BYTES; the media type is checked first. */
export async function readJsonBody(
  request: Request,
  timeoutMs = DEFAULT_BODY_TIMEOUT_MS,
  maxBytes = MAX_BODY_BYTES,
): Promise<unknown> {
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with Content-Type: application/json.");
  }
  const bytes = await readRawBody(request, timeoutMs, maxBytes);
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw invalidJson();
  }
}

/** The body's bytes as sent (a studio upload's file range), with the same cap and deadline as JSON. */
export async function readRawBody(request: Request, timeoutMs: number, maxBytes: number): Promise<Uint8Array> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge(maxBytes);
  return readAtMost(request, maxBytes, timeoutMs);
}

/**
 * Reads the body stream, giving up as soon as it passes `max` bytes (no Content-Length
 * trust) or `timeoutMs` has passed since the first read (one deadline for the whole body,
 * however slowly it trickles in).
 */
async function readAtMost(request: Request, max: number, timeoutMs: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow(timeoutMs)), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let chunk = await nextChunk(reader, deadline); !chunk.done; chunk = await nextChunk(reader, deadline)) {
      size += chunk.value.byteLength;
      if (size > max) throw tooLarge(max);
      chunks.push(chunk.value);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    void reader.cancel().catch(() => undefined); // stop reading; the answer closes the connection (scripts/serve.ts)
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function nextChunk(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: Promise<never>) {
  const read = reader.read().catch(() => {
    throw new AppError("INVALID_REQUEST", "The request body ended before it was complete.");
  });
  return Promise.race([read, deadline]);
}
