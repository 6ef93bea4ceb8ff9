// Prepare derives the buyer's token account with lib/chain/program-address.ts instead of
// spl-token and web3.js: the address the wallet signs for must be the one they derive, and
// the chain's own (a validator finds the same bump). Drawn at random, plus the points at
// the edges of the strict decoding web3.js applies.
import fc from "fast-check";
import { Keypair, PublicKey } from "@solana/web3.js";
import {
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TokenOwnerOffCurveError,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { describe, expect, it } from "vitest";
import {
  associatedTokenAddress,
  createProgramAddress,
  findProgramAddress,
  isOnCurve,
} from "@/lib/chain/program-address";

const SEED = 2255;
const key32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
const keyOf = (bytes: Uint8Array) => new PublicKey(bytes);
const P_BYTES = Buffer.from("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", "hex");

describe("the curve check", () => {
  it("answers as web3.js's PublicKey.isOnCurve for any 32 bytes", () => {
    fc.assert(
      fc.property(key32, (bytes) => {
        expect(isOnCurve(bytes)).toBe(PublicKey.isOnCurve(bytes));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it("agrees at the edges: y = 0, y = ±1 with either sign, y = p and above, every wallet's key", () => {
    const y = (low: number, signBit = false) => {
      const bytes = new Uint8Array(32);
      bytes[0] = low;
      if (signBit) bytes[31] = 0x80;
      return bytes;
    };
    const minusOne = Uint8Array.from(P_BYTES);
    minusOne[0] = 0xec;
    const aboveP = Uint8Array.from(P_BYTES);
    aboveP[0] = 0xf0;
    const edges = [y(0), y(1), y(1, true), minusOne, P_BYTES, aboveP, new Uint8Array(32).fill(0xff)];
    for (const bytes of edges)
      expect(isOnCurve(bytes), Buffer.from(bytes).toString("hex")).toBe(PublicKey.isOnCurve(bytes));
    expect(isOnCurve(y(1, true))).toBe(false);
    for (let i = 0; i < 50; i++) expect(isOnCurve(Keypair.generate().publicKey.toBytes())).toBe(true);
  });
});

describe("program-derived addresses", () => {
  it("are web3.js's: the same address and bump for any seeds and program", () => {
    const seeds = fc.array(fc.uint8Array({ maxLength: 32 }), { maxLength: 4 });
    fc.assert(
      fc.property(seeds, key32, (drawn, program) => {
        const ours = findProgramAddress(drawn, keyOf(program));
        const theirs = PublicKey.findProgramAddressSync(
          drawn.map((s) => Buffer.from(s)),
          keyOf(program),
        );
        expect([ours[0].toBase58(), ours[1]]).toEqual([theirs[0].toBase58(), theirs[1]]);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("refuses a seed longer than 32 bytes, and a hash on the curve, as web3.js does", () => {
    const program = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey;
    expect(() => createProgramAddress([new Uint8Array(33)], program)).toThrow(/Max seed length/);
    // Seeds whose search passes bump 255 (its hash is on the curve): about one in two.
    const seeds = Array.from({ length: 20 }, (_, i) => [Buffer.from(`dropmint-${i}`)]).find(
      (s) => PublicKey.findProgramAddressSync(s, program)[1] < 255,
    )!;
    expect(() => PublicKey.createProgramAddressSync([...seeds, Buffer.from([255])], program)).toThrow();
    expect(() => createProgramAddress([...seeds, Uint8Array.of(255)], program)).toThrow(/off the curve/);
  });

  it("give spl-token's associated token accounts, and its refusal of an owner off the curve", () => {
    fc.assert(
      fc.property(key32, key32, fc.boolean(), (mint, owner, is2022) => {
        const program = is2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
        const theirs = getAssociatedTokenAddressSync(keyOf(mint), keyOf(owner), true, program);
        expect(associatedTokenAddress(keyOf(mint), keyOf(owner), true, program).toBase58()).toBe(theirs.toBase58());
        if (!PublicKey.isOnCurve(owner))
          expect(() => associatedTokenAddress(keyOf(mint), keyOf(owner), false, program)).toThrow(
            TokenOwnerOffCurveError,
          );
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
