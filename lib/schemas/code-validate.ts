// First-party POST code/validate: the partner claim-code check (same format limits, same
// budgets, never consumes the code) with the drop named in the body, and an `error`
// sentence when the code is not valid. No success envelope, as the spec lists it.
import { z } from "zod";
import { claimCodeCheckResponseSchema, validateClaimCodeBodySchema } from "./claim-codes";
import { collectionIdentifierSchema } from "./common";

/** `collection` (short ID, UUID or address) or its alias `collectionId`; then `code`. */
export const publicValidateCodeBodySchema = validateClaimCodeBodySchema
  .extend({ collection: collectionIdentifierSchema.optional(), collectionId: collectionIdentifierSchema.optional() })
  .refine((body) => body.collection !== undefined || body.collectionId !== undefined, {
    message: "collection is required",
    path: ["collection"],
  })
  // The refinement, as the document states it: one of the two names is required.
  .meta({ anyOf: [{ required: ["collection"] }, { required: ["collectionId"] }] });

export const publicCodeCheckResponseSchema = claimCodeCheckResponseSchema.extend({ error: z.string().optional() });
export type PublicCodeCheck = z.infer<typeof publicCodeCheckResponseSchema>;
