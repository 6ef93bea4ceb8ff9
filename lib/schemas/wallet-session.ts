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

export const signInBodySchema = z.strictObject({
  address: solanaAddressSchema,
  /** The exact text the wallet signed (the SIWS format). */
  message: z.string().min(1).max(2_000),
  /** The ed25519 signature of the message's UTF-8 bytes: base58 (as wallets give it) or base64. */
  signature: z.string().min(64).max(120),
});

export const signOutBodySchema = z.strictObject({ address: solanaAddressSchema });

const signedInWalletSchema = z.object({ address: z.string(), expiresAt: z.string() });

export const signedInResponseSchema = z.object({ success: z.literal(true), ...signedInWalletSchema.shape });
export const walletSessionsResponseSchema = z.object({
  success: z.literal(true),
  wallets: z.array(signedInWalletSchema),
});
export const signedOutResponseSchema = z.object({ success: z.literal(true), address: z.string() });
