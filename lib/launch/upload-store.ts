// Where a studio upload lives until it is launched: `<DATA_DIR>/studio-uploads/<uploadId>/`
// holds `upload.json` (its owner, its manifest), `folder/` (the creator's Sugar folder, each
// file whole once all its bytes are in; `npm run drop`'s checks read it as they read a folder
// on disk) and `partial/` (files still arriving, by byte offset, so an interrupted upload
// resumes where it stopped). The server writes every file itself: nothing in an upload can be
// a symlink, and a path is checked (lib/domain/studio-upload.ts) before it touches the disk.
import { createHash } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { checkUploadPath, type ByteRange, type ManifestFile } from "@/lib/domain/studio-upload";
import { writeFileAtomic } from "@/lib/fs/atomic-file";

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const uploadRecordSchema = z.object({
  id: z.string(),
  wallet: z.string(),
  createdAt: z.string(),
  files: z.array(z.object({ path: z.string(), size: z.number().int().min(0) })),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

export const uploadsDir = (dataDir: string) => path.join(dataDir, "studio-uploads");
const uploadDir = (dataDir: string, id: string) => path.join(uploadsDir(dataDir), id);
/** The creator's folder as uploaded so far: what the folder checks read. */
export const uploadFolder = (dataDir: string, id: string) => path.join(uploadDir(dataDir, id), "folder");
const partialPath = (dataDir: string, id: string, file: string) =>
  path.join(uploadDir(dataDir, id), "partial", `${createHash("sha256").update(file).digest("hex")}.part`);
const recordPath = (dataDir: string, id: string) => path.join(uploadDir(dataDir, id), "upload.json");

export async function createUploadRecord(
  dataDir: string,
  wallet: string,
  files: readonly ManifestFile[],
  now: Date,
): Promise<UploadRecord> {
  const record: UploadRecord = { id: crypto.randomUUID(), wallet, createdAt: now.toISOString(), files: [...files] };
  await mkdir(path.join(uploadDir(dataDir, record.id), "partial"), { recursive: true });
  await mkdir(uploadFolder(dataDir, record.id), { recursive: true });
  await writeFileAtomic(recordPath(dataDir, record.id), [Buffer.from(JSON.stringify(record))]);
  return record;
}

/** The upload, or null (an id that is not one, or no such upload). */
export async function readUploadRecord(dataDir: string, id: string): Promise<UploadRecord | null> {
  if (!UPLOAD_ID.test(id)) return null;
  const text = await readFile(recordPath(dataDir, id), "utf8").catch(() => null);
  if (text === null) return null;
  const parsed = uploadRecordSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

/** Bytes received of each manifest file (its size once it is whole). */
export async function receivedBytes(dataDir: string, record: UploadRecord): Promise<number[]> {
  const folder = uploadFolder(dataDir, record.id);
  return Promise.all(
    record.files.map(async (file) => {
      const whole = await stat(path.join(folder, file.path)).catch(() => null);
      if (whole?.isFile()) return whole.size;
      const partial = await stat(partialPath(dataDir, record.id, file.path)).catch(() => null);
      return partial?.size ?? 0;
    }),
  );
}

export type ChunkResult =
  { ok: true; received: number; complete: boolean } | { ok: false; reason: "offset"; received: number };

/**
 * Writes one byte range of a manifest file. A range must start where the received bytes end
 * (else nothing is written and the caller is told where to resume); the last range moves the
 * file into the folder. A range of a file already whole is answered as done (a retried PUT).
 */
export async function writeUploadChunk(
  dataDir: string,
  record: UploadRecord,
  file: ManifestFile,
  range: ByteRange,
  bytes: Uint8Array,
): Promise<ChunkResult> {
  if (!checkUploadPath(file.path).ok) throw new Error(`refused path reached the store: ${file.path}`);
  const target = path.join(uploadFolder(dataDir, record.id), file.path);
  if ((await stat(target).catch(() => null))?.isFile()) return { ok: true, received: file.size, complete: true };
  const partial = partialPath(dataDir, record.id, file.path);
  // A range from byte 0 (re)starts the file; any other must continue where the bytes end.
  const have = range.start === 0 ? 0 : ((await stat(partial).catch(() => null))?.size ?? 0);
  if (range.start !== have) return { ok: false, reason: "offset", received: have };
  const handle = await open(partial, range.start === 0 ? "w" : "r+", 0o600);
  try {
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, range.start + written);
      written += bytesWritten;
    }
    if (range.end + 1 === file.size) await handle.sync();
  } finally {
    await handle.close();
  }
  const now = new Date();
  await utimes(recordPath(dataDir, record.id), now, now);
  if (range.end + 1 < file.size) return { ok: true, received: range.end + 1, complete: false };
  await mkdir(path.dirname(target), { recursive: true });
  await rename(partial, target);
  return { ok: true, received: file.size, complete: true };
}

/** A whole uploaded file's bytes (the preview shows the staged images), or null. */
export async function readUploadedFile(dataDir: string, record: UploadRecord, file: string): Promise<Buffer | null> {
  if (!checkUploadPath(file).ok || !record.files.some((f) => f.path === file)) return null;
  return readFile(path.join(uploadFolder(dataDir, record.id), file)).catch(() => null);
}

export async function removeUpload(dataDir: string, id: string): Promise<void> {
  if (UPLOAD_ID.test(id)) await rm(uploadDir(dataDir, id), { recursive: true, force: true });
}

/** Every upload: its record and when it was last written to. */
export async function listUploads(dataDir: string): Promise<Array<{ record: UploadRecord; touchedAt: number }>> {
  const ids = await readdir(uploadsDir(dataDir)).catch(() => [] as string[]);
  const uploads = await Promise.all(
    ids.map(async (id) => {
      const record = await readUploadRecord(dataDir, id);
      const info = await stat(recordPath(dataDir, id)).catch(() => null);
      return record && info ? { record, touchedAt: info.mtimeMs } : null;
    }),
  );
  return uploads.filter((u) => u !== null);
}
