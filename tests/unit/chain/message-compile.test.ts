// Prepare writes a legacy message's bytes itself (lib/chain/message-compile.ts) instead of
// web3.js's Transaction.compileMessage().serialize(). The wallet signs those bytes and execute
// recognises them, so they must be exactly web3.js's: the same accounts merged, in the same
// order (signers, then writable, then web3.js's collation of the base58 texts, the fee payer
// first), the same indices and data. Drawn at random over a small pool of keys, so accounts
// repeat across instructions with different roles, programs are also accounts, and the fee
// payer turns up anywhere.
import fc from "fast-check";
import { Keypair, Transaction, TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { compileLegacyMessage } from "@/lib/chain/message-compile";
import { BLOCKHASH, POOL, build, transaction } from "./random-transactions";

const SEED = 27;

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
