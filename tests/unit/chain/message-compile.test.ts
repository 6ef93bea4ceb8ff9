// Prepare writes a legacy message's bytes itself (lib/chain/message-compile.ts) instead of
// web3.js's Transaction.compileMessage().serialize(). The wallet signs those bytes and execute
// recognises them, so they must be exactly web3.js's: the same accounts merged, in the same
// order (signers, then writable, then web3.js's collation of the base58 texts, the fee payer
// first), the same indices and data. Drawn at random over a small pool of keys, so accounts
// repeat across instructions with different roles, programs are also accounts, and the fee
// payer turns up anywhere.
import fc from "fast-check";
import { Keypair, PublicKey, Transaction, TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { compileLegacyMessage } from "@/lib/chain/message-compile";

const SEED = 27;
// Fixed keys, so a counterexample fast-check prints can be replayed.
const POOL = Array.from({ length: 12 }, (_, i) => Keypair.fromSeed(new Uint8Array(32).fill(i + 1)).publicKey);
const BLOCKHASH = Keypair.fromSeed(new Uint8Array(32).fill(99)).publicKey.toBase58();

const pooled = fc.integer({ min: 0, max: POOL.length - 1 });
const instruction = fc.record({
  program: pooled,
  keys: fc.array(fc.record({ key: pooled, isSigner: fc.boolean(), isWritable: fc.boolean() }), { maxLength: 8 }),
  data: fc.uint8Array({ maxLength: 300 }),
});
const transaction = fc.record({
  payer: pooled,
  instructions: fc.array(instruction, { minLength: 1, maxLength: 10 }),
});

type Drawn = {
  payer: number;
  instructions: Array<{
    program: number;
    keys: Array<{ key: number; isSigner: boolean; isWritable: boolean }>;
    data: Uint8Array;
  }>;
};

function build({ payer, instructions }: Drawn): Transaction {
  // Fresh PublicKey objects for every use, as instruction builders make them: equal keys are
  // recognised by their bytes, not by identity.
  const key = (i: number) => new PublicKey(POOL[i]!.toBytes());
  return new Transaction({ feePayer: key(payer), recentBlockhash: BLOCKHASH }).add(
    ...instructions.map(
      (ix) =>
        new TransactionInstruction({
          programId: key(ix.program),
          keys: ix.keys.map((meta) => ({
            pubkey: key(meta.key),
            isSigner: meta.isSigner,
            isWritable: meta.isWritable,
          })),
          data: Buffer.from(ix.data),
        }),
    ),
  );
}

describe("a legacy message written to bytes", () => {
  it("is byte for byte web3.js's compile and serialize, whatever the accounts' roles and repeats", () => {
    fc.assert(
      fc.property(transaction, (drawn) => {
        const compiled = compileLegacyMessage(build(drawn));
        const expected = build(drawn).compileMessage();
        expect(Buffer.from(compiled.bytes).toString("hex")).toBe(Buffer.from(expected.serialize()).toString("hex"));
        expect(compiled.numRequiredSignatures).toBe(expected.header.numRequiredSignatures);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("leaves a transaction that already carries a signer to web3.js, which refuses an unknown one", () => {
    const stranger = Keypair.generate();
    const tx = new Transaction({ feePayer: POOL[0]!, recentBlockhash: BLOCKHASH }).add(
      new TransactionInstruction({ programId: POOL[1]!, keys: [], data: Buffer.alloc(0) }),
    );
    // A signer recorded before (web3.js's partialSign records one): the slot only, unsigned yet.
    tx.signatures.push({ signature: null, publicKey: stranger.publicKey });
    expect(() => compileLegacyMessage(tx)).toThrow(/unknown signer/);
  });
});
