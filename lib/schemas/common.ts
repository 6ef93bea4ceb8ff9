// Building blocks shared by the resource schemas.
import { z } from "zod";
import { PublicKey } from "@solana/web3.js";
import { trimmedTextPattern } from "@/lib/domain/text-pattern";
import { BASE58_ADDRESS, SHORT_ID, UUID } from "@/lib/domain/collection-identifier";

/** ISO 8601 timestamp as sent on the wire. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** Control characters (NUL, line breaks, escape, C1 codes): none belongs in a name, a code or a search. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Text of min..max characters once trimmed, counted as code points, without control
 * characters (PostgreSQL refuses NUL outright: a 400 here, not a database failure). White
 * space around it (a pasted code's line break) is forgiven, not refused. One pattern
 * (lib/domain/text-pattern.ts) that the OpenAPI document states and the server checks, so
 * JSON Schema's code-point lengths and ours cannot differ.
 */
export function trimmedTextSchema(min: number, max: number, error?: string) {
  const bounds = min === 0 ? `at most ${max}` : `${min} to ${max}`;
  return z
    .string(error === undefined ? undefined : { error })
    .regex(trimmedTextPattern(min, max), `must be ${bounds} characters after trimming, without control characters`)
    .transform((text) => text.trim());
}

/** For pages, which forgive what the API refuses: control characters become spaces. */
export function toPlainText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, " ");
}

/**
 * A short ID, UUID or on-chain address naming a collection: the three shapes the lookup
 * classifies (lib/domain/collection-identifier.ts), so what the document states is what
 * the server takes. Anything else is a 400, never a lookup.
 */
export const collectionIdentifierSchema = z
  .union(
    [
      z.string().regex(UUID).meta({ title: "UUID", description: "The collection's id." }),
      z.string().regex(BASE58_ADDRESS).meta({ title: "Address", description: "The on-chain collection address." }),
      z.string().regex(SHORT_ID).meta({ title: "Short ID", description: "The short ID of public links." }),
    ],
    { error: "must be a short ID, UUID or collection address" },
  )
  .meta({ description: "A short ID, UUID or on-chain address naming a collection." });

export const uuidSchema = z.uuid({ error: "must be a UUID" });

/** The name of the `format` the documents give a Solana address (validators can register isSolanaAddress for it). */
export const SOLANA_ADDRESS_FORMAT = "solana-address";

/** 32 bytes in canonical base58: what decodes to a public key and encodes back to the same text. */
export function isSolanaAddress(value: string): boolean {
  try {
    return new PublicKey(value).toBase58() === value;
  } catch {
    return false;
  }
}

/** A Solana address in canonical base58 (case kept: base58 is case-sensitive). */
export const solanaAddressSchema = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "must be a base58 Solana address")
  .refine(isSolanaAddress, "must be a valid Solana address")
  .meta({
    // A custom format: the pattern is the shape, the format names the rest (32 bytes, canonical).
    format: SOLANA_ADDRESS_FORMAT,
    description: "A Solana address: 32 bytes in canonical base58 (case-sensitive).",
  });

/**
 * `limit` and `offset` query parameters with a default and a maximum. A limit above the
 * maximum is a 400, or, with `overMax: "cap"`, served as the maximum (the spec's "capped at
 * 100"; the body reports the limit applied). Below 1, or not a whole number, is always a 400.
 */
export function paginationQuerySchema(options: { defaultLimit: number; maxLimit: number; overMax?: "refuse" | "cap" }) {
  const limit = z.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1");
  return z.object({
    limit:
      options.overMax === "cap"
        ? queryNumber(
            limit.transform((value) => Math.min(value, options.maxLimit)),
            options.defaultLimit,
          )
        : queryNumber(limit.max(options.maxLimit, `must be at most ${options.maxLimit}`), options.defaultLimit),
    offset: queryOffsetSchema,
  });
}

/** A number as the query string writes it: JSON number text only ("20", "1e2"), never "0x10", " 5" or "". */
const JSON_NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A numeric query parameter, `fallback` when absent: its text is read as a JSON number, then
 * checked by `schema` (z.coerce.number would take "", " 5" and "0x10", which the document's
 * `integer` does not allow). The document shows `schema`, with the default beside it.
 */
export function queryNumber(schema: z.ZodType<number, number>, fallback: number) {
  return z
    .preprocess(
      (value) => (typeof value === "string" && JSON_NUMBER_TEXT.test(value) ? Number(value) : value),
      schema.meta({ default: fallback }),
    )
    .default(fallback);
}

/** `offset`: 0 to 1,000,000, 0 when absent. */
export const queryOffsetSchema = queryNumber(
  z.number({ error: "must be a number" }).int("must be a whole number").min(0, "must be 0 or more").max(1_000_000),
  0,
);
