// Random legacy transactions over a small pool of fixed keys, so accounts repeat across
// instructions with different roles, programs are also accounts, and the fee payer turns up
// anywhere; fixed keys, so a counterexample fast-check prints can be replayed.
import fc from "fast-check";
import { Keypair, PublicKey, Transaction, TransactionInstruction } from "@solana/web3.js";

export const POOL = Array.from({ length: 12 }, (_, i) => Keypair.fromSeed(new Uint8Array(32).fill(i + 1)).publicKey);
export const BLOCKHASH = Keypair.fromSeed(new Uint8Array(32).fill(99)).publicKey.toBase58();

const pooled = fc.integer({ min: 0, max: POOL.length - 1 });
const instruction = fc.record({
  program: pooled,
  keys: fc.array(fc.record({ key: pooled, isSigner: fc.boolean(), isWritable: fc.boolean() }), { maxLength: 8 }),
  data: fc.uint8Array({ maxLength: 300 }),
});
export const transaction = fc.record({
  payer: pooled,
  instructions: fc.array(instruction, { minLength: 1, maxLength: 10 }),
});

export type Drawn = {
  payer: number;
  instructions: Array<{
    program: number;
    keys: Array<{ key: number; isSigner: boolean; isWritable: boolean }>;
    data: Uint8Array;
  }>;
};

export function build({ payer, instructions }: Drawn): Transaction {
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
