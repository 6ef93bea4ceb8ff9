// Provably fair assignment: the order in which a drop's NFTs are handed out is a shuffle of
// its token ids drawn from a secret seed, committed to (hashed) before the mint opens and
// revealed after it sells out or reveals. Anyone can then recompute the order from the seed
// and check it against the commitment: public/fairness/verify.mjs does exactly this, with
// nothing but Node's own crypto, and must stay byte-for-byte the same rule as this file.
//
// The rule (FAIR_ORDER_ALGORITHM):
// - the items are the drop's token ids from..to, ascending;
// - a stream of 32-bit big-endian integers: the 32-byte blocks
//   HMAC-SHA256(key = the seed's bytes, message = "dropmint-fair-order:" + k), k = 0, 1, …;
// - Fisher–Yates from the last position down: position i swaps with j = r mod (i + 1), where
//   r is the next integer of the stream below the largest multiple of i + 1 under 2^32
//   (larger ones are skipped, so every j is equally likely);
// - the commitment is the SHA-256 hex of "<seed hex>:<token ids in order, comma-separated>".
// The NFT at position 0 goes to the first mint, and so on.
import { createHash, createHmac, randomBytes } from "node:crypto";

export const FAIR_ORDER_ALGORITHM = "dropmint-fair-order-v1";

export type TokenRange = { from: number; to: number };

/** A new secret seed: 32 random bytes, hex. */
export function newFairSeed(): string {
  return randomBytes(32).toString("hex");
}

/** The token ids of `range` in the order the seed shuffles them. */
export function fairOrder(seedHex: string, range: TokenRange): number[] {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error("a fair-order seed is 32 bytes of lowercase hex");
  if (!Number.isInteger(range.from) || !Number.isInteger(range.to) || range.to < range.from)
    throw new Error("a fair-order range is from ≤ to, integers");
  const order = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i);
  const next = uint32Stream(Buffer.from(seedHex, "hex"));
  for (let i = order.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = Math.floor(2 ** 32 / n) * n;
    let r = next();
    while (r >= limit) r = next();
    const j = r % n;
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** SHA-256 hex of "<seed>:<order>": published before the mint opens. */
export function fairCommitment(seedHex: string, order: readonly number[]): string {
  return createHash("sha256")
    .update(`${seedHex}:${order.join(",")}`)
    .digest("hex");
}

function uint32Stream(key: Buffer): () => number {
  let block = Buffer.alloc(0);
  let offset = 0;
  let counter = 0;
  return () => {
    if (offset + 4 > block.length) {
      block = createHmac("sha256", key).update(`dropmint-fair-order:${counter++}`).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}
