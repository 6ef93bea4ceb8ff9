// Building blocks shared by the resource schemas.
import { z } from "zod";
import { PublicKey } from "@solana/web3.js";

/** ISO 8601 timestamp as sent on the wire. */
export const timestampSchema = z.iso.datetime({ offset: true });

/**
 * Trimmed text from a caller without control characters (NUL, line breaks, escape, C1 codes): none
 * belongs in a name, a code or a search, and PostgreSQL refuses NUL in text outright, so
 * they are refused here with a 400 instead of failing in the database.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

export function plainTextSchema(error?: string) {
  // Trimmed first: surrounding white space (a pasted code's line break) is forgiven, not refused.
  return z
    .string(error === undefined ? undefined : { error })
    .trim()
    .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, "must not contain control characters");
}

/** For pages, which forgive what the API refuses: control characters become spaces. */
export function toPlainText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, " ");
}

/** A short ID, UUID or on-chain address naming a collection. */
export const collectionIdentifierSchema = plainTextSchema().trim().min(1, "is required").max(128, "is too long");

export const uuidSchema = z.uuid({ error: "must be a UUID" });

/** A Solana address in canonical base58 (case kept: base58 is case-sensitive). */
export const solanaAddressSchema = z
  .string()
  .trim()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "must be a base58 Solana address")
  .refine((value) => {
    try {
      return new PublicKey(value).toBase58() === value;
    } catch {
      return false;
    }
  }, "must be a valid Solana address");

/**
 * `limit` and `offset` query parameters with a default and a maximum. A limit above the
 * maximum is a 400, or, with `overMax: "cap"`, served as the maximum (the spec's "capped at
 * 100"; the body reports the limit applied). Below 1, or not a whole number, is always a 400.
 */
export function paginationQuerySchema(options: { defaultLimit: number; maxLimit: number; overMax?: "refuse" | "cap" }) {
  const limit = z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1");
  return z.object({
    limit:
      options.overMax === "cap"
        ? limit.default(options.defaultLimit).transform((value) => Math.min(value, options.maxLimit))
        : limit.max(options.maxLimit, `must be at most ${options.maxLimit}`).default(options.defaultLimit),
    offset: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .max(1_000_000)
      .default(0),
  });
}
