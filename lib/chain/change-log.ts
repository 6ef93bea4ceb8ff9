// The embedded chain's write-ahead log: every state change, appended in order and fsynced
// before the call that made it returns, so one mint costs the same on a chain with ten
// thousand NFTs as on a new one (the full state is only rewritten by the occasional
// snapshot, see state-file.ts and embedded-chain.ts).
//
// Files, in the chain folder:
//   chain.log.<first seq, 20 digits>   one segment; a new one starts at every snapshot
//
// Segment header, 32 bytes:
//   "DMCHLOG1"   magic + format version
//   u64 LE       seq of its first change (also in the name)
//   u64 LE       seq of the snapshot it was started after (the snapshot it follows)
//   8 bytes      chain id (see chainIdOf): a segment of another chain is refused
//
// Then records, one per group commit (the changes of every caller that shared one fsync):
//   "DMLR"       record magic, to tell a torn tail from damage (see readSegment)
//   u32 LE       body length
//   u32 LE       CRC-32 of the body
//   body         one or more changes: u32 LE length, then
//                  u64 LE seq, u8 kind, u64 LE anchor height, u64 LE max height (the block
//                  clock after the change), then by kind:
//                  1 transaction: u8 outcome (1 confirmed, 2 failed), wire bytes
//                  2 airdrop: 32 bytes recipient, u64 LE lamports, u8 outcome (1 landed,
//                    2 failed: it still moved litesvm's blockhash), 64 bytes signature (zeros if failed)
//                  3 clock: nothing (a test hook moved the block height)
//
// Only the last write can be torn by a crash: a record is written and fsynced before the
// next one is written. So a bad record is ignored only at the very end of the last segment
// with no intact record after it; anything else is damage and fails the open loudly.
import { createHash } from "node:crypto";
import { open, readdir, readFile, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { fsyncFolder } from "@/lib/fs/atomic-file";
import type { BlockClockMarks } from "./block-clock";

export const LOG_PREFIX = "chain.log.";
const SEGMENT_MAGIC = new TextEncoder().encode("DMCHLOG1");
const SEGMENT_HEADER_BYTES = 32;
const RECORD_MAGIC = Buffer.from("DMLR");
const RECORD_HEADER_BYTES = 12;
const CHANGE_HEADER_BYTES = 8 + 1 + 8 + 8;
/** Far above any group commit (a change is at most ~1.3 KB); a larger length is damage, not data. */
const MAX_RECORD_BYTES = 256 * 1024 * 1024;

const TRANSACTION = 1;
const AIRDROP = 2;
const CLOCK = 3;
const CONFIRMED = 1;
const FAILED = 2;
const AIRDROP_BYTES = 32 + 8 + 1 + 64;

export type Change =
  | { kind: "transaction"; wire: Uint8Array; outcome: "confirmed" | "failed" }
  | { kind: "airdrop"; recipient: Uint8Array; lamports: bigint; outcome: "confirmed" | "failed"; signature: Uint8Array }
  | { kind: "clock" };

export type LoggedChange = { seq: number; clock: BlockClockMarks; change: Change };

/** Identifies the chain a segment belongs to, from the block clock's seed (which never changes and stays private). */
export function chainIdOf(clockSeedHex: string): Buffer {
  return createHash("sha256")
    .update("dropmint chain id")
    .update(Buffer.from(clockSeedHex, "hex"))
    .digest()
    .subarray(0, 8);
}

export function segmentName(firstSeq: number): string {
  return `${LOG_PREFIX}${String(firstSeq).padStart(20, "0")}`;
}

export function encodeChange(entry: LoggedChange): Uint8Array {
  const { change } = entry;
  const payloadLength =
    change.kind === "transaction" ? 1 + change.wire.length : change.kind === "airdrop" ? AIRDROP_BYTES : 0;
  const bytes = Buffer.alloc(4 + CHANGE_HEADER_BYTES + payloadLength);
  bytes.writeUInt32LE(CHANGE_HEADER_BYTES + payloadLength, 0);
  bytes.writeBigUInt64LE(BigInt(entry.seq), 4);
  bytes.writeUInt8(change.kind === "transaction" ? TRANSACTION : change.kind === "airdrop" ? AIRDROP : CLOCK, 12);
  bytes.writeBigUInt64LE(entry.clock.anchorHeight, 13);
  bytes.writeBigUInt64LE(entry.clock.maxHeight, 21);
  const payload = 4 + CHANGE_HEADER_BYTES;
  if (change.kind === "transaction") {
    bytes.writeUInt8(change.outcome === "failed" ? FAILED : CONFIRMED, payload);
    bytes.set(change.wire, payload + 1);
  } else if (change.kind === "airdrop") {
    if (change.recipient.length !== 32 || change.signature.length !== 64)
      throw new Error("an airdrop change needs a 32-byte recipient and a 64-byte signature");
    bytes.set(change.recipient, payload);
    bytes.writeBigUInt64LE(change.lamports, payload + 32);
    bytes.writeUInt8(change.outcome === "failed" ? FAILED : CONFIRMED, payload + 40);
    bytes.set(change.signature, payload + 41);
  }
  return bytes;
}

/** The changes of one record body; throws on anything malformed (the checksum passed, so this is not a torn write). */
function decodeChanges(body: Buffer): LoggedChange[] {
  const changes: LoggedChange[] = [];
  let offset = 0;
  while (offset < body.length) {
    if (offset + 4 > body.length) throw new Error("a change length is cut off");
    const length = body.readUInt32LE(offset);
    const start = offset + 4;
    const end = start + length;
    if (length < CHANGE_HEADER_BYTES || end > body.length) throw new Error("a change has an impossible length");
    const seq = Number(body.readBigUInt64LE(start));
    const kind = body.readUInt8(start + 8);
    const clock = { anchorHeight: body.readBigUInt64LE(start + 9), maxHeight: body.readBigUInt64LE(start + 17) };
    const payload = body.subarray(start + CHANGE_HEADER_BYTES, end);
    let change: Change;
    if (kind === TRANSACTION && payload.length > 1) {
      const outcome = payload[0];
      if (outcome !== CONFIRMED && outcome !== FAILED) throw new Error(`change ${seq} has an unknown outcome`);
      change = {
        kind: "transaction",
        outcome: outcome === FAILED ? "failed" : "confirmed",
        wire: Uint8Array.from(payload.subarray(1)),
      };
    } else if (
      kind === AIRDROP &&
      payload.length === AIRDROP_BYTES &&
      (payload[40] === CONFIRMED || payload[40] === FAILED)
    ) {
      change = {
        kind: "airdrop",
        recipient: Uint8Array.from(payload.subarray(0, 32)),
        lamports: payload.readBigUInt64LE(32),
        outcome: payload[40] === FAILED ? "failed" : "confirmed",
        signature: Uint8Array.from(payload.subarray(41)),
      };
    } else if (kind === CLOCK && payload.length === 0) {
      change = { kind: "clock" };
    } else {
      throw new Error(`change ${seq} has an unknown kind or a wrong size`);
    }
    changes.push({ seq, clock, change });
    offset = end;
  }
  return changes;
}

function encodeRecord(changes: readonly Uint8Array[]): Buffer {
  const bodyLength = changes.reduce((total, change) => total + change.length, 0);
  const record = Buffer.alloc(RECORD_HEADER_BYTES + bodyLength);
  RECORD_MAGIC.copy(record, 0);
  record.writeUInt32LE(bodyLength, 4);
  let offset = RECORD_HEADER_BYTES;
  for (const change of changes) {
    record.set(change, offset);
    offset += change.length;
  }
  record.writeUInt32LE(crc32(record.subarray(RECORD_HEADER_BYTES)), 8);
  return record;
}

function encodeSegmentHeader(firstSeq: number, snapshotSeq: number, chainId: Uint8Array): Buffer {
  const header = Buffer.alloc(SEGMENT_HEADER_BYTES);
  header.set(SEGMENT_MAGIC, 0);
  header.writeBigUInt64LE(BigInt(firstSeq), 8);
  header.writeBigUInt64LE(BigInt(snapshotSeq), 16);
  header.set(chainId, 24);
  return header;
}

/** The body of an intact record at `offset`, or null. */
function recordAt(bytes: Buffer, offset: number): Buffer | null {
  if (offset + RECORD_HEADER_BYTES > bytes.length || !bytes.subarray(offset, offset + 4).equals(RECORD_MAGIC))
    return null;
  const length = bytes.readUInt32LE(offset + 4);
  if (
    length < 4 + CHANGE_HEADER_BYTES ||
    length > MAX_RECORD_BYTES ||
    offset + RECORD_HEADER_BYTES + length > bytes.length
  )
    return null;
  const body = bytes.subarray(offset + RECORD_HEADER_BYTES, offset + RECORD_HEADER_BYTES + length);
  return crc32(body) === bytes.readUInt32LE(offset + 8) ? body : null;
}

export type SegmentFile = { name: string; path: string; firstSeq: number };

export type SegmentContent = {
  firstSeq: number;
  /** The snapshot this segment was started after. */
  snapshotSeq: number;
  changes: LoggedChange[];
  /** Bytes up to the end of the last intact record; less than the file when its tail was torn. */
  intactBytes: number;
  fileBytes: number;
};

/** The segments in a chain folder, oldest first. */
export async function listSegments(folder: string): Promise<SegmentFile[]> {
  const segments: SegmentFile[] = [];
  for (const name of await readdir(folder)) {
    if (!name.startsWith(LOG_PREFIX)) continue;
    const digits = name.slice(LOG_PREFIX.length);
    if (!/^\d{20}$/.test(digits)) continue; // temp files and strangers: not ours to read
    segments.push({ name, path: path.join(folder, name), firstSeq: Number(digits) });
  }
  return segments.sort((a, b) => a.firstSeq - b.firstSeq);
}

/**
 * Reads one segment. In the last segment a torn tail (a record cut off or failing its
 * checksum, with no intact record after it, or a header never written) is left out;
 * everywhere else a bad byte throws.
 */
export async function readSegment(
  segment: SegmentFile,
  options: { last: boolean; chainId: Uint8Array },
): Promise<SegmentContent> {
  const bytes = await readFile(segment.path);
  const damaged = (what: string) => new Error(`The chain log segment ${segment.path} is damaged (${what}).`);
  const empty = { firstSeq: segment.firstSeq, snapshotSeq: 0, changes: [], intactBytes: 0, fileBytes: bytes.length };
  if (bytes.length < SEGMENT_HEADER_BYTES || bytes.subarray(0, SEGMENT_HEADER_BYTES).every((byte) => byte === 0)) {
    // Created, header not yet durable: only a crash right after a rotation leaves this, and nothing in it was acknowledged.
    if (options.last && bytes.subarray(SEGMENT_HEADER_BYTES).every((byte) => byte === 0)) return empty;
    throw damaged("no header");
  }
  if (!bytes.subarray(0, SEGMENT_MAGIC.length).equals(SEGMENT_MAGIC)) throw damaged("unknown format");
  if (Number(bytes.readBigUInt64LE(8)) !== segment.firstSeq)
    throw damaged("its header names another first change than its file name");
  if (!bytes.subarray(24, 32).equals(options.chainId))
    throw new Error(`The chain log segment ${segment.path} belongs to another chain than the snapshot beside it.`);
  const snapshotSeq = Number(bytes.readBigUInt64LE(16));
  if (snapshotSeq >= segment.firstSeq) throw damaged("its header names a snapshot after its own first change");

  const changes: LoggedChange[] = [];
  let offset = SEGMENT_HEADER_BYTES;
  while (offset < bytes.length) {
    const body = recordAt(bytes, offset);
    if (!body) {
      if (!options.last) throw damaged(`bad record at byte ${offset}`);
      // A torn final write leaves nothing intact after it; an intact record further on means the damage is in the middle.
      for (
        let next = bytes.indexOf(RECORD_MAGIC, offset + 1);
        next !== -1;
        next = bytes.indexOf(RECORD_MAGIC, next + 1)
      ) {
        if (recordAt(bytes, next)) throw damaged(`bad record at byte ${offset}, followed by intact ones`);
      }
      return { firstSeq: segment.firstSeq, snapshotSeq, changes, intactBytes: offset, fileBytes: bytes.length };
    }
    try {
      changes.push(...decodeChanges(body));
    } catch (error) {
      throw damaged(`record at byte ${offset}: ${(error as Error).message}`);
    }
    offset += RECORD_HEADER_BYTES + body.length;
  }
  return { firstSeq: segment.firstSeq, snapshotSeq, changes, intactBytes: offset, fileBytes: bytes.length };
}

/** Cuts a torn tail off (so later appends never sit behind garbage), durably. */
export async function truncateSegment(filePath: string, length: number): Promise<void> {
  const handle = await open(filePath, "r+");
  try {
    await handle.truncate(length);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Deletes the segments whose changes are all in the snapshot at `snapshotSeq`. */
export async function removeSegmentsUpTo(folder: string, snapshotSeq: number): Promise<void> {
  let removed = false;
  for (const segment of await listSegments(folder)) {
    if (segment.firstSeq > snapshotSeq) continue;
    await unlink(segment.path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    removed = true;
  }
  if (removed) await fsyncFolder(folder);
}

export type ChangeLogStats = {
  /** fsyncs of log data, segment headers and the folder: fewer than changes when callers share a group commit. */
  fsyncs: number;
  commits: number;
  lastCommitChanges: number;
  lastCommitMs: number;
  /** Bytes written to the log since the chain was opened. */
  bytes: number;
};

type Pending = { seq: number; bytes: Uint8Array; segment: { firstSeq: number; snapshotSeq: number } };
type Waiter = { seq: number; resolve: () => void; reject: (error: unknown) => void };

/**
 * Appends changes and makes them durable with group commit: while one fsync runs, the
 * changes of every other caller pile up and go out together in the next record, so N
 * concurrent mints cost far fewer than N fsyncs. At most one write is in flight.
 */
export class ChangeLogWriter {
  private pending: Pending[] = [];
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | null = null;
  private flushScheduled = false;
  private file: { firstSeq: number; handle: FileHandle; size: number } | null = null;
  private segment: { firstSeq: number; snapshotSeq: number };
  private failure: unknown = null;
  private appended: number;
  private durable: number;
  readonly stats: ChangeLogStats = { fsyncs: 0, commits: 0, lastCommitChanges: 0, lastCommitMs: 0, bytes: 0 };

  constructor(
    private readonly folder: string,
    private readonly chainId: Uint8Array,
    /** The last change already durable (in the snapshot or the log); the next one gets `lastSeq + 1`. */
    lastSeq: number,
    snapshotSeq: number,
  ) {
    this.appended = lastSeq;
    this.durable = lastSeq;
    this.segment = { firstSeq: lastSeq + 1, snapshotSeq };
  }

  /** Seq of the last change appended (durable or not). */
  get appendedSeq(): number {
    return this.appended;
  }

  get durableSeq(): number {
    return this.durable;
  }

  /** The write or fsync that failed, once one has: nothing is durable past `durableSeq` until `restart`. */
  get failed(): unknown {
    return this.failure;
  }

  /** Queues a change (its seq is the next one) for the next group commit; returns its seq. */
  append(entry: Omit<LoggedChange, "seq">): number {
    const seq = this.appended + 1;
    this.pending.push({ seq, bytes: encodeChange({ ...entry, seq }), segment: this.segment });
    this.appended = seq;
    this.scheduleFlush();
    return seq;
  }

  /** Changes appended from now on go to a new segment that follows the snapshot at `snapshotSeq` (= the last change appended). */
  rotate(snapshotSeq: number): void {
    this.segment = { firstSeq: this.appended + 1, snapshotSeq };
  }

  /**
   * Resolves once every change up to `seq` is on disk; rejects with the write error if
   * that can no longer happen.
   */
  waitDurable(seq: number): Promise<void> {
    if (seq <= this.durable) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  /**
   * After a failed write, the caller has written a snapshot holding everything appended
   * (up to `snapshotSeq`): forget the failure and the unwritten changes, start a new segment.
   */
  async restart(snapshotSeq: number): Promise<void> {
    await this.flushing;
    await this.closeFile();
    this.pending = [];
    this.failure = null;
    this.appended = snapshotSeq;
    this.durable = snapshotSeq;
    this.segment = { firstSeq: snapshotSeq + 1, snapshotSeq };
  }

  async close(): Promise<void> {
    await this.flushing;
    await this.closeFile();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.flushing || this.failure) return;
    this.flushScheduled = true;
    // One event-loop turn later: the changes of every call already queued behind this one
    // (they run back to back) join this first commit instead of waiting for the next.
    setImmediate(() => {
      this.flushScheduled = false;
      if (this.flushing) return;
      this.flushing = this.flushLoop().finally(() => {
        this.flushing = null;
        // Appended while the loop was returning: they would wait for a commit nobody starts.
        if (this.pending.length > 0) this.scheduleFlush();
      });
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0 && !this.failure) {
      const batch = this.pending;
      this.pending = [];
      const started = performance.now();
      try {
        for (let i = 0; i < batch.length;) {
          const segment = batch[i]!.segment;
          let end = i;
          while (end < batch.length && batch[end]!.segment === segment) end += 1;
          await this.writeRecord(
            segment,
            batch.slice(i, end).map((change) => change.bytes),
          );
          i = end;
        }
      } catch (error) {
        this.fail(error);
        return;
      }
      this.durable = batch[batch.length - 1]!.seq;
      this.stats.commits += 1;
      this.stats.lastCommitChanges = batch.length;
      this.stats.lastCommitMs = performance.now() - started;
      const waiting = this.waiters;
      this.waiters = [];
      for (const waiter of waiting) {
        if (waiter.seq <= this.durable) waiter.resolve();
        else this.waiters.push(waiter);
      }
    }
  }

  private async writeRecord(segment: { firstSeq: number; snapshotSeq: number }, changes: Uint8Array[]): Promise<void> {
    if (this.file?.firstSeq !== segment.firstSeq) {
      await this.closeFile();
      // "w": a file of that name can only be an empty leftover (a header never made durable, or a failed first write).
      const handle = await open(path.join(this.folder, segmentName(segment.firstSeq)), "w", 0o600);
      this.file = { firstSeq: segment.firstSeq, handle, size: 0 };
      await this.writeAll(encodeSegmentHeader(segment.firstSeq, segment.snapshotSeq, this.chainId));
      await handle.sync();
      await fsyncFolder(this.folder); // the new name must survive a crash before its records are acknowledged
      this.stats.fsyncs += 2;
    }
    await this.writeAll(encodeRecord(changes));
    await this.file.handle.datasync();
    this.stats.fsyncs += 1;
  }

  private async writeAll(bytes: Uint8Array): Promise<void> {
    const file = this.file!;
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await file.handle.write(bytes, written, bytes.length - written, file.size + written);
      written += bytesWritten;
    }
    file.size += bytes.length;
    this.stats.bytes += bytes.length;
  }

  private fail(error: unknown): void {
    this.failure = error;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) waiter.reject(error);
  }

  private async closeFile(): Promise<void> {
    const file = this.file;
    this.file = null;
    await file?.handle.close().catch(() => undefined);
  }
}
