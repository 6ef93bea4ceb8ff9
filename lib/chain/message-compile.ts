// web3.js's legacy compile, with each account's base58 text worked out once.
//
// Transaction.compileMessage looks accounts up by their base58 text: every key of every
// instruction is encoded again in each lookup and each sort comparison, about 300 encodings
// of 32 bytes for one NFT mint (~1 ms, most of a prepare's transaction build). Compiling a
// copy whose keys remember their text gives the same message bytes, since the algorithm is
// web3.js's own; only the encodings are shared.
import { PublicKey, Transaction, TransactionInstruction, type Message } from "@solana/web3.js";

/** A public key that encodes its base58 text once. */
class MemoizedKey extends PublicKey {
  #base58: string | undefined;

  override toBase58(): string {
    return (this.#base58 ??= super.toBase58());
  }
}

/** The transaction's legacy message, compiled by web3.js with memoized account texts. */
export function compileLegacyMessage(transaction: Transaction): Message {
  // The copy carries the fee payer, blockhash and instructions only: anything else (a signer
  // already recorded, a durable nonce) is web3.js's to compile, from the transaction itself.
  if (!transaction.feePayer || transaction.signatures.length > 0 || transaction.nonceInfo)
    return transaction.compileMessage();
  const memo = new Map<string, MemoizedKey>();
  // Keyed by the key's bytes (cheap to read, unlike its text): one object per account.
  const memoized = (key: PublicKey): MemoizedKey => {
    const bytes = key.toBuffer();
    const id = bytes.toString("latin1");
    let found = memo.get(id);
    if (!found) memo.set(id, (found = new MemoizedKey(bytes)));
    return found;
  };
  const copy = new Transaction({
    feePayer: memoized(transaction.feePayer),
    recentBlockhash: transaction.recentBlockhash,
  });
  for (const instruction of transaction.instructions) {
    copy.add(
      new TransactionInstruction({
        programId: memoized(instruction.programId),
        keys: instruction.keys.map((meta) => ({ ...meta, pubkey: memoized(meta.pubkey) })),
        data: instruction.data,
      }),
    );
  }
  return copy.compileMessage();
}
