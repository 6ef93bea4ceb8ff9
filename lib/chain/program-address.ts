// Program-derived addresses and the curve check, with web3.js's and spl-token's answers.
//
// Why by hand: web3.js hashes each candidate with pure-JS SHA-256 and checks it against the
// curve with noble's square root (a 252-bit exponentiation in BigInt). Every prepare derives
// the buyer's token account for a fresh NFT mint, so nothing can be memoized: 288-301 µs a
// token account with spl-token on a slow 2-core machine, and a wallet's own curve check 75 µs.
// Here SHA-256 is node:crypto's, and the check is Euler's criterion by the Jacobi symbol
// instead of the exponentiation: 16 µs a check, 75-97 µs a token account.
// tests/unit/chain/program-address.test.ts holds the answers equal to web3.js's and spl-token's.
import { createHash } from "node:crypto";
import { PublicKey } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID, TokenOwnerOffCurveError } from "@solana/spl-token";

const P = 2n ** 255n - 19n;
/** Edwards25519's d = -121665/121666 mod p. */
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const PDA_MARKER = Buffer.from("ProgramDerivedAddress");
const MAX_SEED_BYTES = 32;

/**
 * Whether 32 bytes are an ed25519 point as web3.js's PublicKey.isOnCurve decodes them (RFC
 * 8032, strict): y below p, and x² = (y²−1)/(d·y²+1) has a root, which holds exactly when
 * (y²−1)(d·y²+1) is a square mod p (d·y²+1 is never 0: −1/d is not a square); x = 0 only
 * with the sign bit clear.
 */
export function isOnCurve(bytes: Uint8Array): boolean {
  if (bytes.length !== 32) return false;
  const signBit = bytes[31]! & 0x80;
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(i === 31 ? bytes[i]! & 0x7f : bytes[i]!);
  if (y >= P) return false;
  const y2 = (y * y) % P;
  const u = (y2 + P - 1n) % P;
  if (u === 0n) return signBit === 0;
  const v = (D * y2 + 1n) % P;
  return jacobi((u * v) % P, P) === 1;
}

/** The Jacobi symbol (a/n) for odd n > 0, by the binary algorithm (quadratic reciprocity). */
function jacobi(value: bigint, modulus: bigint): number {
  let a = value % modulus;
  let n = modulus;
  let sign = 1;
  while (a !== 0n) {
    while ((a & 1n) === 0n) {
      a >>= 1n;
      const r = n & 7n;
      if (r === 3n || r === 5n) sign = -sign;
    }
    [a, n] = [n, a];
    if ((a & 3n) === 3n && (n & 3n) === 3n) sign = -sign;
    a %= n;
  }
  return n === 1n ? sign : 0;
}

/** web3.js's PublicKey.createProgramAddressSync: the seeds' hash, refused when it is on the curve. */
export function createProgramAddress(seeds: readonly Uint8Array[], programId: PublicKey): PublicKey {
  const hash = createHash("sha256");
  for (const seed of seeds) {
    if (seed.length > MAX_SEED_BYTES) throw new TypeError("Max seed length exceeded");
    hash.update(seed);
  }
  const bytes = hash.update(programId.toBytes()).update(PDA_MARKER).digest();
  if (isOnCurve(bytes)) throw new Error("Invalid seeds, address must fall off the curve");
  return new PublicKey(bytes);
}

/** web3.js's PublicKey.findProgramAddressSync: the first bump from 255 down whose address is off the curve. */
export function findProgramAddress(seeds: readonly Uint8Array[], programId: PublicKey): [PublicKey, number] {
  for (let bump = 255; bump > 0; bump--) {
    try {
      return [createProgramAddress([...seeds, Uint8Array.of(bump)], programId), bump];
    } catch (error) {
      if (error instanceof TypeError) throw error;
    }
  }
  throw new Error("Unable to find a viable program address nonce");
}

/** spl-token's getAssociatedTokenAddressSync (an owner off the curve only when allowed). */
export function associatedTokenAddress(
  mint: PublicKey,
  owner: PublicKey,
  allowOwnerOffCurve: boolean,
  programId: PublicKey,
): PublicKey {
  const ownerBytes = owner.toBytes();
  if (!allowOwnerOffCurve && !isOnCurve(ownerBytes)) throw new TokenOwnerOffCurveError();
  return findProgramAddress([ownerBytes, programId.toBytes(), mint.toBytes()], ASSOCIATED_TOKEN_PROGRAM_ID)[0];
}
