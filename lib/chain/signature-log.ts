// Every signature that landed on the embedded chain, with its outcome. Kept because
// getSignatureStatus must answer across restarts and litesvm's own history is bounded.
//
// Stored as compact binary records appended to one growing buffer, so saving after each
// transaction copies bytes instead of re-encoding thousands of base58 strings:
//   [64 bytes signature][1 byte state: 1 confirmed, 2 failed][u16 LE error length][error utf8]
import bs58 from "bs58";
import type { SignatureStatus } from "./types";

const SIGNATURE_BYTES = 64;
const MAX_ERROR_BYTES = 1_000;
const CONFIRMED = 1;
const FAILED = 2;

export type LandedStatus = { state: "confirmed" } | { state: "failed"; error: string };

export class SignatureLog {
  private readonly statuses = new Map<string, SignatureStatus>();
  private buffer = new Uint8Array(4_096);
  private used = 0;

  static fromBytes(bytes: Uint8Array): SignatureLog {
    const log = new SignatureLog();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let offset = 0;
    while (offset < bytes.length) {
      if (offset + SIGNATURE_BYTES + 3 > bytes.length) throw new Error("signature log is truncated");
      const signature = bytes.subarray(offset, offset + SIGNATURE_BYTES);
      const state = bytes[offset + SIGNATURE_BYTES];
      const errorLength = view.getUint16(offset + SIGNATURE_BYTES + 1, true);
      const errorStart = offset + SIGNATURE_BYTES + 3;
      if (errorStart + errorLength > bytes.length) throw new Error("signature log is truncated");
      const error = new TextDecoder().decode(bytes.subarray(errorStart, errorStart + errorLength));
      log.record(signature, state === FAILED ? { state: "failed", error } : { state: "confirmed" });
      offset = errorStart + errorLength;
    }
    return log;
  }

  get size(): number {
    return this.statuses.size;
  }

  get(signature: string): SignatureStatus | undefined {
    return this.statuses.get(signature);
  }

  has(signature: string): boolean {
    return this.statuses.has(signature);
  }

  record(signature: Uint8Array, status: LandedStatus): void {
    if (signature.length !== SIGNATURE_BYTES) throw new Error("a signature has 64 bytes");
    const key = bs58.encode(signature);
    if (this.statuses.has(key)) return;
    const error =
      status.state === "failed"
        ? new TextEncoder().encode(status.error).subarray(0, MAX_ERROR_BYTES)
        : new Uint8Array(0);
    const record = new Uint8Array(SIGNATURE_BYTES + 3 + error.length);
    record.set(signature, 0);
    record[SIGNATURE_BYTES] = status.state === "failed" ? FAILED : CONFIRMED;
    new DataView(record.buffer).setUint16(SIGNATURE_BYTES + 1, error.length, true);
    record.set(error, SIGNATURE_BYTES + 3);
    this.append(record);
    // Keep in memory exactly what a restart will read back.
    const saved = new TextDecoder().decode(error);
    this.statuses.set(key, status.state === "failed" ? { state: "failed", error: saved } : { state: "confirmed" });
  }

  /** The records as saved; a view, valid until the next `record`. */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.used);
  }

  private append(record: Uint8Array): void {
    if (this.used + record.length > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.used + record.length));
      grown.set(this.buffer.subarray(0, this.used));
      this.buffer = grown;
    }
    this.buffer.set(record, this.used);
    this.used += record.length;
  }
}
