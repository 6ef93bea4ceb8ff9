// A snapshot of the embedded chain's state: ONE file, replaced atomically, so the litesvm
// state, the signature log and the block clock can never disagree after a crash. The
// changes made after it are in the log (change-log.ts); `meta.seq` is the last change the
// snapshot holds, and the open replays the log from the change after it.
//
//   "DMCHAIN2"                        8 bytes magic + format version
//   u32 LE length, JSON meta          (cluster, block clock, saved-at, seq)
//   u32 LE length, signature log      (see signature-log.ts)
//   u64 LE length, litesvm snapshot   (LiteSVM.toBytes)
//
// "DMCHAIN1" files (the state file before the log existed: rewritten after every change,
// no seq) still open, as the snapshot at seq 0 with no log after it. Snapshots are written
// as DMCHAIN2 only, so an older Dropmint refuses a folder whose log it would not replay.
import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "@/lib/fs/atomic-file";
import type { BlockClockState } from "./block-clock";

const MAGIC = new TextEncoder().encode("DMCHAIN2");
const MAGIC_BEFORE_LOG = new TextEncoder().encode("DMCHAIN1");

export type StateMeta = {
  cluster: "localnet";
  clock: BlockClockState;
  savedAt: string;
  /** The last logged change this snapshot includes (0: none; DMCHAIN1 files have no log). */
  seq: number;
};

export type ChainState = { meta: StateMeta; signatureLog: Uint8Array; svm: Uint8Array };

export async function writeStateFile(filePath: string, state: ChainState): Promise<number> {
  const chunks = encodeStateFile(state);
  await writeFileAtomic(filePath, chunks);
  return chunks.reduce((total, chunk) => total + chunk.length, 0);
}

/** The file's bytes, in the chunks they are written in (a backup writes them elsewhere). */
export function encodeStateFile(state: ChainState): Uint8Array[] {
  const meta = new TextEncoder().encode(JSON.stringify(state.meta));
  const header = new Uint8Array(MAGIC.length + 4);
  header.set(MAGIC);
  new DataView(header.buffer).setUint32(MAGIC.length, meta.length, true);
  const logLength = new Uint8Array(4);
  new DataView(logLength.buffer).setUint32(0, state.signatureLog.length, true);
  const svmLength = new Uint8Array(8);
  new DataView(svmLength.buffer).setBigUint64(0, BigInt(state.svm.length), true);
  return [header, meta, logLength, state.signatureLog, svmLength, state.svm];
}

/** Null when the file does not exist; throws on a damaged file rather than starting an empty chain over it. */
export async function readStateFile(filePath: string): Promise<ChainState | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const damaged = (what: string) => new Error(`The chain state file ${filePath} is damaged (${what}).`);
  const beforeLog = bytes.subarray(0, MAGIC_BEFORE_LOG.length).equals(MAGIC_BEFORE_LOG);
  if (bytes.length < MAGIC.length + 4 || !(beforeLog || bytes.subarray(0, MAGIC.length).equals(MAGIC)))
    throw damaged("unknown format");
  let offset = MAGIC.length;
  const take = (length: number, what: string): Buffer => {
    if (offset + length > bytes.length) throw damaged(`${what} is truncated`);
    const part = bytes.subarray(offset, offset + length);
    offset += length;
    return part;
  };
  const metaLength = take(4, "header").readUInt32LE(0);
  let meta: StateMeta;
  try {
    meta = JSON.parse(take(metaLength, "meta").toString("utf8")) as StateMeta;
  } catch (error) {
    if (error instanceof SyntaxError) throw damaged("meta is not JSON");
    throw error;
  }
  const signatureLog = take(take(4, "signature log length").readUInt32LE(0), "signature log");
  const svm = take(Number(take(8, "snapshot length").readBigUInt64LE(0)), "snapshot");
  if (offset !== bytes.length) throw damaged("trailing bytes");
  if (beforeLog) meta = { ...meta, seq: 0 };
  else if (!Number.isSafeInteger(meta.seq) || meta.seq < 0) throw damaged("meta has no seq");
  return { meta, signatureLog, svm };
}
