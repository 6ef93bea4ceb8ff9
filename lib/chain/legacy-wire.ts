// A legacy transaction read from its wire bytes and written back, its keys kept as bytes.
//
// Why by hand: @solana/kit's decoders turn every account key they read into base58 text
// with BigInt arithmetic, and web3.js's Message.from turns each instruction's data into
// base58 text too. An execute read the same bytes three times that way (the wallet's
// signature, the token payment, the embedded chain's submit): about a quarter of its CPU in
// an in-process profile. Here a key becomes text only where a caller asks for it. Anything
// but a signatures-first transaction with a legacy message is left to kit (callers check
// `isLegacyWire`). Agreement with kit's and web3.js's decoders is held by
// tests/unit/chain/legacy-wire.test.ts.
import { encodeShortVec, shortVecLength } from "./message-compile";

export type SignedWire = {
  /** One 64-byte slot per required signer, in the message's signer order; all zeros is unsigned. */
  signatures: Uint8Array[];
  /** The exact bytes every signer signs. */
  messageBytes: Uint8Array;
};

export type LegacyInstruction = { programIndex: number; accountIndexes: Uint8Array; data: Uint8Array };

export type LegacyMessage = {
  numRequiredSignatures: number;
  numReadonlySigned: number;
  numReadonlyUnsigned: number;
  /** 32 bytes each: the signers first, the fee payer at 0. */
  accountKeys: Uint8Array[];
  recentBlockhash: Uint8Array;
  instructions: LegacyInstruction[];
};

/** Bytes that are not a transaction, or not one in its shortest form (what a validator refuses as an alias). */
export class WireFormatError extends Error {
  override name = "WireFormatError";
}

const SIGNATURE_BYTES = 64;
const KEY_BYTES = 32;
const VERSION_PREFIX = 0x80;

/** A compact-u16 at `offset`, refused unless written in its fewest bytes; returns it and the offset after it. */
export function readShortVec(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw new WireFormatError("the bytes end inside a length");
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) {
      if (i > 0 && byte === 0) throw new WireFormatError("a length is not in its shortest form");
      if (value > 0xffff) throw new WireFormatError("a length is above 65535");
      return [value, offset + i + 1];
    }
  }
  throw new WireFormatError("a length takes more than three bytes");
}

/** Whether kit is not needed: signatures first, then a legacy message (its first byte has no version bit). */
export function isLegacyWire(wire: Uint8Array): boolean {
  try {
    const [count, at] = readShortVec(wire, 0);
    const first = wire[at + count * SIGNATURE_BYTES];
    return first !== undefined && (first & VERSION_PREFIX) === 0;
  } catch {
    return false;
  }
}

/** The signature slots and the message; as many slots as the message requires, nothing after the message. */
export function readSignedWire(wire: Uint8Array): SignedWire {
  const [count, start] = readShortVec(wire, 0);
  const messageStart = start + count * SIGNATURE_BYTES;
  if (messageStart >= wire.length) throw new WireFormatError("the bytes end before the message");
  const messageBytes = wire.subarray(messageStart);
  if ((messageBytes[0]! & VERSION_PREFIX) !== 0) throw new WireFormatError("the message is not a legacy message");
  if (messageBytes[0] !== count) throw new WireFormatError("the signature count is not the message's");
  const signatures = Array.from({ length: count }, (_, i) =>
    wire.subarray(start + i * SIGNATURE_BYTES, start + (i + 1) * SIGNATURE_BYTES),
  );
  return { signatures, messageBytes };
}

/** The wire bytes of the slots and the message: the count, each slot, the message. */
export function writeSignedWire({ signatures, messageBytes }: SignedWire): Uint8Array {
  const start = shortVecLength(signatures.length);
  const out = new Uint8Array(start + signatures.length * SIGNATURE_BYTES + messageBytes.length);
  encodeShortVec(out, signatures.length);
  signatures.forEach((signature, i) => out.set(signature, start + i * SIGNATURE_BYTES));
  out.set(messageBytes, start + signatures.length * SIGNATURE_BYTES);
  return out;
}

/** Header, keys, blockhash and instructions, every length in its shortest form and no byte left over. */
export function readLegacyMessage(bytes: Uint8Array): LegacyMessage {
  if (bytes.length < 3) throw new WireFormatError("the message ends inside its header");
  const [numRequiredSignatures, numReadonlySigned, numReadonlyUnsigned] = bytes as unknown as number[];
  if ((numRequiredSignatures! & VERSION_PREFIX) !== 0) throw new WireFormatError("the message is not a legacy message");
  let at = 3;
  const take = (length: number) => {
    if (at + length > bytes.length) throw new WireFormatError("the message ends early");
    return bytes.subarray(at, (at += length));
  };
  const takeShortVec = () => {
    const [value, next] = readShortVec(bytes, at);
    at = next;
    return value;
  };
  const accountKeys = Array.from({ length: takeShortVec() }, () => take(KEY_BYTES));
  const recentBlockhash = take(KEY_BYTES);
  const instructions = Array.from({ length: takeShortVec() }, () => {
    const programIndex = take(1)[0]!;
    const accountIndexes = take(takeShortVec());
    return { programIndex, accountIndexes, data: take(takeShortVec()) };
  });
  if (at !== bytes.length) throw new WireFormatError("bytes follow the message's last instruction");
  return {
    numRequiredSignatures: numRequiredSignatures!,
    numReadonlySigned: numReadonlySigned!,
    numReadonlyUnsigned: numReadonlyUnsigned!,
    accountKeys,
    recentBlockhash,
    instructions,
  };
}

/** The keys the message lets its transaction write: writable signers, then writable others. */
export function writableKeys(message: LegacyMessage): Uint8Array[] {
  const { accountKeys: keys, numRequiredSignatures: signers } = message;
  return keys.filter((_, i) =>
    i < signers ? i < signers - message.numReadonlySigned : i < keys.length - message.numReadonlyUnsigned,
  );
}

/** An unsigned slot: all zeros (as kit and the validators read it). */
export function isUnsigned(signature: Uint8Array): boolean {
  return signature.every((byte) => byte === 0);
}
