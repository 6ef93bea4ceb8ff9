// Execute reads the wallet-signed bytes with lib/chain/legacy-wire.ts instead of kit's and
// web3.js's decoders, and the embedded chain lands what it reads. So the reader must see
// exactly what those decoders see in every legacy transaction (the same keys, blockhash,
// instructions, signature slots, writable accounts), write back the same bytes, and refuse
// what a validator refuses as malformed: lengths not in their shortest form, a signature
// count that is not the message's, bytes left over.
import fc from "fast-check";
import bs58 from "bs58";
import { Message } from "@solana/web3.js";
import { getCompiledTransactionMessageDecoder, getShortU16Encoder, getTransactionDecoder } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { compileLegacyMessage } from "@/lib/chain/message-compile";
import {
  WireFormatError,
  isLegacyWire,
  readLegacyMessage,
  readShortVec,
  readSignedWire,
  writeSignedWire,
} from "@/lib/chain/legacy-wire";
import { ChainTransactionError } from "@/lib/chain/errors";
import { MAX_TRANSACTION_BYTES } from "@/lib/chain/types";
import { decodeTransaction, readTransaction, writableStaticAccounts } from "@/lib/chain/wire-transaction";
import { build, transaction } from "./random-transactions";

const SEED = 2027;
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** A drawn transaction's message, and wire bytes with a random signature in each slot (some left unsigned). */
const signedTransaction = transaction.chain((drawn) => {
  const message = compileLegacyMessage(build(drawn)).bytes;
  const slot = fc.oneof(fc.constant(new Uint8Array(64)), fc.uint8Array({ minLength: 64, maxLength: 64 }));
  return fc
    .array(slot, { minLength: message[0]!, maxLength: message[0]! })
    .map((signatures) => ({ message, signatures, wire: writeSignedWire({ signatures, messageBytes: message }) }));
});

describe("a legacy message read from bytes", () => {
  it("is what web3.js's Message.from reads: header, keys, blockhash, instructions", () => {
    fc.assert(
      fc.property(transaction, (drawn) => {
        const bytes = compileLegacyMessage(build(drawn)).bytes;
        const ours = readLegacyMessage(bytes);
        const theirs = Message.from(Buffer.from(bytes));
        expect([ours.numRequiredSignatures, ours.numReadonlySigned, ours.numReadonlyUnsigned]).toEqual([
          theirs.header.numRequiredSignatures,
          theirs.header.numReadonlySignedAccounts,
          theirs.header.numReadonlyUnsignedAccounts,
        ]);
        expect(ours.accountKeys.map((key) => bs58.encode(key))).toEqual(theirs.accountKeys.map((k) => k.toBase58()));
        expect(bs58.encode(ours.recentBlockhash)).toBe(theirs.recentBlockhash);
        expect(ours.instructions.map((ix) => [ix.programIndex, [...ix.accountIndexes], hex(ix.data)])).toEqual(
          theirs.instructions.map((ix) => [ix.programIdIndex, ix.accounts, hex(bs58.decode(ix.data))]),
        );
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("refuses a message with bytes after its last instruction, or that ends early", () => {
    const bytes = compileLegacyMessage(
      build({ payer: 0, instructions: [{ program: 1, keys: [], data: new Uint8Array(3) }] }),
    ).bytes;
    expect(() => readLegacyMessage(Uint8Array.from([...bytes, 0]))).toThrow(WireFormatError);
    expect(() => readLegacyMessage(bytes.subarray(0, bytes.length - 1))).toThrow(WireFormatError);
  });
});

describe("a signed legacy transaction read from and written to bytes", () => {
  it("has kit's signature slots and message, and writes back the same bytes", () => {
    fc.assert(
      fc.property(signedTransaction, ({ wire, message, signatures }) => {
        expect(isLegacyWire(wire)).toBe(true);
        const ours = readSignedWire(wire);
        const theirs = getTransactionDecoder().decode(wire);
        expect(hex(ours.messageBytes)).toBe(hex(message));
        expect(hex(new Uint8Array(theirs.messageBytes))).toBe(hex(message));
        expect(ours.signatures.map(hex)).toEqual(signatures.map(hex));
        expect(hex(writeSignedWire(ours))).toBe(hex(wire));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("is what the embedded chain reads with kit: signers' slots, blockhash, writable accounts", () => {
    fc.assert(
      fc.property(signedTransaction, ({ wire }) => {
        // Larger ones are refused for their size before they are read.
        fc.pre(wire.length <= MAX_TRANSACTION_BYTES);
        const ours = readTransaction(wire);
        const theirs = getTransactionDecoder().decode(wire);
        const message = getCompiledTransactionMessageDecoder().decode(theirs.messageBytes);
        expect(Object.keys(ours.transaction.signatures)).toEqual(Object.keys(theirs.signatures));
        expect(Object.values(ours.transaction.signatures).map((s) => s && hex(s))).toEqual(
          Object.values(theirs.signatures).map((s) => s && hex(s)),
        );
        expect(ours.signatures.map((s) => s && hex(s))).toEqual(
          Object.values(theirs.signatures).map((s) => s && hex(s)),
        );
        expect(ours.blockhash).toBe(message.lifetimeToken);
        expect(ours.writableAccounts).toEqual(writableStaticAccounts(message));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("refuses a count not in its shortest form, a count that is not the message's, and bytes after the message", () => {
    const message = compileLegacyMessage(
      build({ payer: 0, instructions: [{ program: 1, keys: [], data: new Uint8Array(0) }] }),
    ).bytes;
    const wire = writeSignedWire({ signatures: [new Uint8Array(64).fill(7)], messageBytes: message });
    // 0x81 0x00 is 1 written in two bytes: a validator refuses it as an alias.
    const aliased = Uint8Array.from([0x81, 0x00, ...wire.subarray(1)]);
    const twoSlots = writeSignedWire({ signatures: [new Uint8Array(64), new Uint8Array(64)], messageBytes: message });
    for (const bad of [aliased, twoSlots, Uint8Array.from([...wire, 0]), wire.subarray(0, 40)]) {
      expect(() => readTransaction(bad)).toThrow(ChainTransactionError);
      expect(() => decodeTransaction(bad)).toThrow(expect.objectContaining({ code: "SanitizeFailure" }));
    }
    expect(() => readSignedWire(aliased)).toThrow(WireFormatError);
    expect(() => readSignedWire(twoSlots)).toThrow(/signature count/);
  });

  it("names a transaction whose fee payer has not signed as unsigned, not as a transaction", () => {
    const message = compileLegacyMessage(
      build({ payer: 0, instructions: [{ program: 1, keys: [], data: new Uint8Array(0) }] }),
    ).bytes;
    const unsigned = writeSignedWire({ signatures: [new Uint8Array(64)], messageBytes: message });
    expect(readTransaction(unsigned).signatures).toEqual([null]);
    expect(() => decodeTransaction(unsigned)).toThrow(expect.objectContaining({ code: "SignatureFailure" }));
  });
});

describe("a compact-u16 length", () => {
  it("reads every value kit writes, and nothing written longer", () => {
    const encoder = getShortU16Encoder();
    for (let value = 0; value <= 0xffff; value += value < 300 ? 1 : 97) {
      const bytes = new Uint8Array(encoder.encode(value));
      expect(readShortVec(bytes, 0)).toEqual([value, bytes.length]);
    }
    expect(readShortVec(Uint8Array.from([0xff, 0xff, 0x03]), 0)).toEqual([0xffff, 3]);
    for (const alias of [
      [0x80, 0x00],
      [0x81, 0x80, 0x00],
    ])
      expect(() => readShortVec(Uint8Array.from(alias), 0)).toThrow(/shortest form/);
    expect(() => readShortVec(Uint8Array.from([0xff, 0xff, 0x04]), 0)).toThrow(/above 65535/);
    expect(() => readShortVec(Uint8Array.from([0x80, 0x80, 0x80, 0x01]), 0)).toThrow(/three bytes/);
    expect(() => readShortVec(Uint8Array.from([0x80]), 0)).toThrow(/end inside/);
  });
});
