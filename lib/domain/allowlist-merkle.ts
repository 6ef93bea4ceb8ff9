// The Merkle root a Sugar allowList guard carries, recomputed from a list of wallets, so the
// wallet file a creator names can be checked against the root their candy guard would
// enforce. It is the tree Metaplex's own tooling builds (mpl-candy-machine's
// `getMerkleRoot`, merkletreejs with `sortPairs`): each leaf is keccak-256 of the wallet's
// base58 text, each parent keccak-256 of its two children in ascending byte order, and an
// odd node at the end of a level is carried up unchanged. Written out here (a dozen lines)
// rather than pulling merkletreejs and its Buffer polyfills in for one function.
import { keccak_256 } from "@noble/hashes/sha3.js";

const encoder = new TextEncoder();

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Hex of the root over `wallets` (in the given order, as Metaplex's tooling takes them); "" for none. */
export function allowListMerkleRoot(wallets: readonly string[]): string {
  if (wallets.length === 0) return "";
  let level: Uint8Array[] = wallets.map((wallet) => keccak_256(encoder.encode(wallet)));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]!;
      const right = level[i + 1];
      if (!right) {
        next.push(left);
        continue;
      }
      const [a, b] = compareBytes(left, right) <= 0 ? [left, right] : [right, left];
      const joined = new Uint8Array(a.length + b.length);
      joined.set(a);
      joined.set(b, a.length);
      next.push(keccak_256(joined));
    }
    level = next;
  }
  return Buffer.from(level[0]!).toString("hex");
}
