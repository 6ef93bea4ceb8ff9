// The site's wallet sign-in (Sign In With Solana): a nonce and the fields to sign, the signed
// message handed back, and which wallets this browser has signed in with.
import { z } from "zod";
import { solanaAddressSchema } from "./common";

export const signInFieldsResponseSchema = z.object({
  success: z.literal(true),
  domain: z.string(),
  statement: z.string(),
  uri: z.string(),
  version: z.string(),
  chainId: z.string(),
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string(),
});

/** The longest sign-in text accepted (a SIWS message with a statement is a few hundred characters). */
const SIGN_IN_MESSAGE_MAX_CHARS = 2_000;

/**
 * A string of min..max characters counted as code points, as the OpenAPI document's
 * minLength and maxLength count them (zod's own min and max count UTF-16 units).
 */
function textOfLength(min: number, max: number) {
  return z
    .string()
    .refine((text) => {
      const length = [...text].length;
      return length >= min && length <= max;
    }, `must be ${min} to ${max} characters`)
    .meta({ minLength: min, maxLength: max });
}

export const signInBodySchema = z.strictObject({
  address: solanaAddressSchema,
  /** The exact text the wallet signed (the SIWS format). */
  message: textOfLength(1, SIGN_IN_MESSAGE_MAX_CHARS),
  /** The ed25519 signature of the message's UTF-8 bytes: base58 (as wallets give it) or base64. */
  signature: textOfLength(64, 120),
});

export const signOutBodySchema = z.strictObject({ address: solanaAddressSchema });

const signedInWalletSchema = z.object({ address: z.string(), expiresAt: z.string() });

export const signedInResponseSchema = z.object({ success: z.literal(true), ...signedInWalletSchema.shape });
export const walletSessionsResponseSchema = z.object({
  success: z.literal(true),
  wallets: z.array(signedInWalletSchema),
});
export const signedOutResponseSchema = z.object({ success: z.literal(true), address: z.string() });
