// Where a studio upload lives until it is launched: `<root>/<uploadId>/` (root is
// STUDIO_UPLOADS_DIR, default DATA_DIR/studio-uploads) holds `upload.json` (its owner, its
// manifest), `folder/` (the creator's Sugar folder, each file whole once all its bytes are in;
// `npm run drop`'s checks read it as they read a folder on disk) and `partial/` (files still
// arriving, by byte offset, so an interrupted upload resumes where it stopped). The server
// writes every file itself: nothing in an upload can be a symlink, and a path is checked
// (lib/domain/studio-upload.ts) before it touches the disk.
//
// Several instances may share the root (README "Several instances"), so nothing here relies on
// one process: the record is written once, atomically; a chunk is written at its byte offset
// into the partial file without truncating it, so a range retried on another instance while
// the first is still writing writes the same bytes to the same place; a file is moved into
// the folder by whichever writer completes it (the other finds it there).
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { checkUploadPath, type ByteRange, type ManifestFile } from "@/lib/domain/studio-upload";
import { writeFileAtomic } from "@/lib/fs/atomic-file";
import { takeUploadLease, type UploadLease } from "./upload-lease";

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const uploadRecordSchema = z.object({
  id: z.string(),
  wallet: z.string(),
  createdAt: z.string(),
  files: z.array(z.object({ path: z.string(), size: z.number().int().min(0) })),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

const uploadDir = (root: string, id: string) => path.join(root, id);
/** The creator's folder as uploaded so far: what the folder checks read. */
export const uploadFolder = (root: string, id: string) => path.join(uploadDir(root, id), "folder");
const partialPath = (root: string, id: string, file: string) =>
  path.join(uploadDir(root, id), "partial", `${createHash("sha256").update(file).digest("hex")}.part`);
const recordPath = (root: string, id: string) => path.join(uploadDir(root, id), "upload.json");

export async function createUploadRecord(
  root: string,
  wallet: string,
  files: readonly ManifestFile[],
  now: Date,
): Promise<UploadRecord> {
  const record: UploadRecord = { id: crypto.randomUUID(), wallet, createdAt: now.toISOString(), files: [...files] };
  await mkdir(path.join(uploadDir(root, record.id), "partial"), { recursive: true });
  await mkdir(uploadFolder(root, record.id), { recursive: true });
  await writeFileAtomic(recordPath(root, record.id), [Buffer.from(JSON.stringify(record))]);
  return record;
}

/** The upload, or null (an id that is not one, or no such upload). */
export async function readUploadRecord(root: string, id: string): Promise<UploadRecord | null> {
  if (!UPLOAD_ID.test(id)) return null;
  const text = await readFile(recordPath(root, id), "utf8").catch(() => null);
  if (text === null) return null;
  const parsed = uploadRecordSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

/** Bytes received of each manifest file (its size once it is whole). */
export async function receivedBytes(root: string, record: UploadRecord): Promise<number[]> {
  const folder = uploadFolder(root, record.id);
  return Promise.all(
    record.files.map(async (file) => {
      const whole = await stat(path.join(folder, file.path)).catch(() => null);
      if (whole?.isFile()) return whole.size;
      const partial = await stat(partialPath(root, record.id, file.path)).catch(() => null);
      return partial?.size ?? 0;
    }),
  );
}

export type ChunkResult =
  { ok: true; received: number; complete: boolean } | { ok: false; reason: "offset"; received: number };

/**
 * Writes one byte range of a manifest file at its offset. A range may start anywhere up to
 * where the received bytes end (a retried range rewrites the same bytes in place), never
 * beyond (else nothing is written and the caller is told where to resume). Whichever write
 * brings the file to its size moves it into the folder. A range of a file already whole is
 * answered as done (a retried PUT).
 */
export async function writeUploadChunk(
  root: string,
  record: UploadRecord,
  file: ManifestFile,
  range: ByteRange,
  bytes: Uint8Array,
): Promise<ChunkResult> {
  if (!checkUploadPath(file.path).ok) throw new Error(`refused path reached the store: ${file.path}`);
  const target = path.join(uploadFolder(root, record.id), file.path);
  const done = { ok: true, received: file.size, complete: true } as const;
  if (await isWholeFile(target)) return done;
  const partial = partialPath(root, record.id, file.path);
  const have = (await stat(partial).catch(() => null))?.size ?? 0;
  if (range.start > have) return { ok: false, reason: "offset", received: have };
  // Never O_TRUNC: another process may be writing an earlier range of this file. Only a range
  // from byte 0 creates the file: any other, finding it gone (completed and moved into the
  // folder by another writer meanwhile), must not start a new one with a hole at its head.
  const flags = constants.O_WRONLY | (range.start === 0 ? constants.O_CREAT : 0);
  const handle = await open(partial, flags, 0o600).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  });
  if (!handle) return (await isWholeFile(target)) ? done : { ok: false, reason: "offset", received: 0 };
  let size: number;
  try {
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, range.start + written);
      written += bytesWritten;
    }
    size = (await handle.stat()).size;
    if (size >= file.size) await handle.sync();
  } finally {
    await handle.close();
  }
  const now = new Date();
  await utimes(recordPath(root, record.id), now, now).catch(() => undefined);
  if (size < file.size) return { ok: true, received: size, complete: false };
  await mkdir(path.dirname(target), { recursive: true });
  await rename(partial, target).catch(async (error: unknown) => {
    // Another instance completed the same file first (a retried last range): it is there.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || !(await isWholeFile(target))) throw error;
  });
  return done;
}

const isWholeFile = async (file: string) => (await stat(file).catch(() => null))?.isFile() ?? false;

/** A whole uploaded file's bytes (the preview shows the staged images), or null. */
export async function readUploadedFile(root: string, record: UploadRecord, file: string): Promise<Buffer | null> {
  if (!checkUploadPath(file).ok || !record.files.some((f) => f.path === file)) return null;
  return readFile(path.join(uploadFolder(root, record.id), file)).catch(() => null);
}

/** The lease to launch the upload (held across processes), or null while another launch holds it. */
export async function takeLaunchLease(root: string, id: string): Promise<UploadLease | null> {
  return UPLOAD_ID.test(id) ? takeUploadLease(uploadDir(root, id)) : null;
}

export async function removeUpload(root: string, id: string): Promise<void> {
  if (UPLOAD_ID.test(id)) await rm(uploadDir(root, id), { recursive: true, force: true });
}

/** Every upload: its record and when it was last written to. */
export async function listUploads(root: string): Promise<Array<{ record: UploadRecord; touchedAt: number }>> {
  const ids = await readdir(root).catch(() => [] as string[]);
  const uploads = await Promise.all(
    ids.map(async (id) => {
      const record = await readUploadRecord(root, id);
      const info = await stat(recordPath(root, id)).catch(() => null);
      return record && info ? { record, touchedAt: info.mtimeMs } : null;
    }),
  );
  return uploads.filter((u) => u !== null);
}
