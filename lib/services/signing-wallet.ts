// A wallet that must sign: a key on the ed25519 curve. A program-derived address is a valid
// Solana address with no private key, so nothing it should sign (a mint it pays for) could
// ever land, and tokens sent to its token account could never be moved again.
import { PublicKey } from "@solana/web3.js";
import { isOnCurve } from "@/lib/chain";
import { AppError } from "@/lib/errors";

/** Refuses `address` (the request's `field`) with INVALID_REQUEST unless it is a key on the curve. */
export function assertSigningWallet(address: string, field: string): void {
  if (!isOnCurve(new PublicKey(address).toBytes()))
    throw new AppError(
      "INVALID_REQUEST",
      `${field} must be a wallet (a key on the curve), not a program-derived address.`,
    );
}
