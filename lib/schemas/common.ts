// Building blocks shared by the resource schemas.
import { z } from "zod";

/** ISO 8601 timestamp as sent on the wire. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** A short ID, UUID or on-chain address naming a collection. */
export const collectionIdentifierSchema = z
  .string()
  .trim()
  .min(1, "is required")
  .max(128, "is too long");

export const uuidSchema = z.uuid({ error: "must be a UUID" });
