// A legacy transaction's message, written straight to bytes in web3.js's own account order.
//
// Why by hand: Transaction.compileMessage (web3.js) dedupes and sorts the accounts by their
// base58 text, encoding a key again at each lookup and comparison and building a collator
// for each comparison; then it keeps each instruction's data as base58 text, which
// Message.serialize decodes again. @solana/kit compiles to the same bytes and was no faster
// than web3.js with each key's text memoized (this module before) in the same loop. Here each
// key is read once, its base58 text worked out once for the sort, and the data written as it
// is. One NFT mint, compiled and serialized in a loop on a busy 2-core machine: web3.js
// 3.0-4.8 ms, memoized 0.9-1.2 ms, this 0.1-0.3 ms. Byte identity with web3.js is held by
// tests/unit/chain/message-compile.test.ts (random transactions) and
// tests/chain/transaction-size.test.ts (the NFT mints prepare builds).
import bs58 from "bs58";
import type { PublicKey, Transaction } from "@solana/web3.js";

export type CompiledMessage = {
  /** The exact bytes every signer signs. */
  bytes: Uint8Array;
  numRequiredSignatures: number;
};

type Account = { key: PublicKey; bytes: Uint8Array; isSigner: boolean; isWritable: boolean };
/** A key's bytes and their text as a map key, read once per PublicKey object (each read converts a BN). */
type KeyReader = (key: PublicKey) => { id: string; bytes: Uint8Array };

function keyReader(): KeyReader {
  const read = new Map<PublicKey, { id: string; bytes: Uint8Array }>();
  return (key) => {
    let found = read.get(key);
    if (!found) {
      const bytes = key.toBytes();
      found = { id: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"), bytes };
      read.set(key, found);
    }
    return found;
  };
}

/** web3.js's order within a role: `localeCompare(other, "en", …)` on the base58 texts, one collator for all. */
const BY_BASE58 = new Intl.Collator("en", {
  localeMatcher: "best fit",
  usage: "sort",
  sensitivity: "variant",
  ignorePunctuation: false,
  numeric: false,
  caseFirst: "lower",
});

/** The transaction's legacy message, as web3.js's Transaction.compileMessage().serialize() writes it. */
export function compileLegacyMessage(transaction: Transaction): CompiledMessage {
  const { feePayer, recentBlockhash } = transaction;
  // Anything beyond a fee payer, a blockhash and instructions (a signer already recorded, a
  // durable nonce, a missing field web3.js names in its error) is web3.js's to compile.
  if (!feePayer || !recentBlockhash || transaction.signatures.length > 0 || transaction.nonceInfo) {
    const message = transaction.compileMessage();
    return { bytes: message.serialize(), numRequiredSignatures: message.header.numRequiredSignatures };
  }
  const readKey = keyReader();
  const accounts = orderedAccounts(transaction, feePayer, readKey);
  const header = headerOf(accounts);
  return {
    bytes: writeMessage(transaction, accounts, header, readKey, bs58.decode(recentBlockhash)),
    numRequiredSignatures: header[0],
  };
}

/** Every account once, its roles merged; signers, then writable, then by base58 text; the fee payer first. */
function orderedAccounts(transaction: Transaction, feePayer: PublicKey, readKey: KeyReader): Account[] {
  const byId = new Map<string, Account>();
  const add = (key: PublicKey, isSigner: boolean, isWritable: boolean) => {
    const { id, bytes } = readKey(key);
    const found = byId.get(id);
    if (found) {
      found.isSigner ||= isSigner;
      found.isWritable ||= isWritable;
    } else byId.set(id, { key, bytes, isSigner, isWritable });
  };
  // web3.js's first-seen order: every instruction's accounts, then the programs.
  for (const instruction of transaction.instructions)
    for (const meta of instruction.keys) add(meta.pubkey, meta.isSigner, meta.isWritable);
  for (const instruction of transaction.instructions) add(instruction.programId, false, false);

  const { id: payerId, bytes: payerBytes } = readKey(feePayer);
  const payer = byId.get(payerId) ?? { key: feePayer, bytes: payerBytes };
  byId.delete(payerId);
  const rest = [...byId.values()];
  const text = new Map(rest.map((account) => [account, account.key.toBase58()]));
  rest.sort(
    (a, b) =>
      Number(b.isSigner) - Number(a.isSigner) ||
      Number(b.isWritable) - Number(a.isWritable) ||
      BY_BASE58.compare(text.get(a)!, text.get(b)!),
  );
  return [{ ...payer, isSigner: true, isWritable: true }, ...rest];
}

/** Signatures required, read-only signers, read-only others: the message's first three bytes. */
function headerOf(accounts: Account[]): [number, number, number] {
  const count = (test: (account: Account) => boolean) => accounts.filter(test).length;
  return [
    count((a) => a.isSigner),
    count((a) => a.isSigner && !a.isWritable),
    count((a) => !a.isSigner && !a.isWritable),
  ];
}

/** Header, accounts, blockhash, then each instruction: program index, account indices, data. */
function writeMessage(
  transaction: Transaction,
  accounts: Account[],
  header: [number, number, number],
  readKey: KeyReader,
  blockhash: Uint8Array,
): Uint8Array {
  if (accounts.length > 256) throw new RangeError("a legacy message holds at most 256 accounts");
  if (blockhash.length !== 32) throw new RangeError("the recent blockhash is not 32 bytes");
  const indexOf = new Map(accounts.map((account, i) => [readKey(account.key).id, i]));
  const index = (key: PublicKey) => indexOf.get(readKey(key).id)!;
  const instructions = transaction.instructions.map((instruction) => ({
    program: index(instruction.programId),
    accounts: instruction.keys.map((meta) => index(meta.pubkey)),
    data: instruction.data,
  }));

  const length =
    3 +
    shortVecLength(accounts.length) +
    32 * accounts.length +
    32 +
    shortVecLength(instructions.length) +
    instructions.reduce(
      (sum, ix) =>
        sum +
        1 +
        shortVecLength(ix.accounts.length) +
        ix.accounts.length +
        shortVecLength(ix.data.length) +
        ix.data.length,
      0,
    );
  const out = new Uint8Array(length);
  let at = 0;
  const writeShortVec = (n: number) => (at = encodeShortVec(out, n, at));
  out.set(header, at);
  at += 3;
  writeShortVec(accounts.length);
  for (const account of accounts) out.set(account.bytes, (at += 32) - 32);
  out.set(blockhash, (at += 32) - 32);
  writeShortVec(instructions.length);
  for (const ix of instructions) {
    out[at++] = ix.program;
    writeShortVec(ix.accounts.length);
    for (const accountIndex of ix.accounts) out[at++] = accountIndex;
    writeShortVec(ix.data.length);
    out.set(ix.data, (at += ix.data.length) - ix.data.length);
  }
  return out;
}

/** Bytes Solana's compact-u16 ("shortvec") takes for `n`. */
export function shortVecLength(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : 3;
}

/** Writes `n` as a compact-u16 into `into` at `offset`; returns the offset after it. */
export function encodeShortVec(into: Uint8Array, n: number, offset = 0): number {
  let rest = n;
  let at = offset;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    into[at++] = rest === 0 ? low : low | 0x80;
    if (rest === 0) return at;
  }
}
