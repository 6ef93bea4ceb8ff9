// A creator's upload of a Sugar folder, file by file and range by range: created from a
// manifest (every path checked up front, every refusal named at once), written by byte
// offset so a reload resumes, and read back for the preview. Every read and write names the
// caller's wallet: another wallet's upload answers exactly like one that does not exist.
import { AppError } from "@/lib/errors";
import {
  ABANDONED_UPLOAD_MS,
  manifestProblems,
  MAX_OPEN_UPLOADS_PER_WALLET,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_CHUNK_BYTES,
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILES,
  parseUploadRange,
  type ManifestFile,
} from "@/lib/domain/studio-upload";
import {
  createUploadRecord,
  listUploads,
  readUploadedFile,
  readUploadRecord,
  receivedBytes,
  removeUpload,
  writeUploadChunk,
  type UploadRecord,
} from "@/lib/launch/upload-store";
import { contentTypeOf } from "@/lib/media/media-store";
import type { UploadStatus } from "@/lib/schemas/studio-uploads";
import type { ServiceContext } from "../context";
import type { StudioCaller } from "../studio/owned-drops";

export const UPLOAD_LIMITS = {
  maxFiles: MAX_UPLOAD_FILES,
  maxFileBytes: MAX_UPLOAD_FILE_BYTES,
  maxUploadBytes: MAX_UPLOAD_BYTES,
  maxChunkBytes: MAX_UPLOAD_CHUNK_BYTES,
};

/** The caller's upload (an admin's: any), or the same 404 whether it is another wallet's or does not exist. */
export async function getOwnUploadOrThrow(ctx: ServiceContext, caller: StudioCaller, uploadId: string) {
  const record = await readUploadRecord(ctx.config.studioUploadsDir, uploadId);
  if (!record || (record.wallet !== caller.wallet && !caller.isAdmin))
    throw new AppError("UPLOAD_NOT_FOUND", "No such upload.");
  return record;
}

/** Discards an upload; answers the same for one that is not there (or not the caller's), removing nothing. */
export async function deleteUpload(ctx: ServiceContext, caller: StudioCaller, uploadId: string) {
  const record = await readUploadRecord(ctx.config.studioUploadsDir, uploadId);
  if (!record || (record.wallet !== caller.wallet && !caller.isAdmin)) return { removed: false };
  await removeUpload(ctx.config.studioUploadsDir, uploadId);
  return { removed: true };
}

/** Removes uploads untouched for a day; returns how many. Run whenever a creator starts one. */
export async function sweepAbandonedUploads(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  let removed = 0;
  for (const { record, touchedAt } of await listUploads(ctx.config.studioUploadsDir)) {
    if (now - touchedAt < ABANDONED_UPLOAD_MS) continue;
    await removeUpload(ctx.config.studioUploadsDir, record.id);
    removed++;
  }
  return removed;
}

export async function createUpload(
  ctx: ServiceContext,
  caller: StudioCaller,
  files: readonly ManifestFile[],
): Promise<UploadStatus> {
  const { wallet } = caller;
  const problems = manifestProblems(files);
  if (problems.length > 0) {
    const sizeOnly = problems.every((p) => p.message.includes("at most") || p.message.includes("larger than"));
    throw new AppError(
      sizeOnly ? "UPLOAD_TOO_LARGE" : "UPLOAD_PATH_REFUSED",
      `${problems.length} file${problems.length === 1 ? "" : "s"} of the folder cannot be uploaded: ${problems[0]!.file ? `${problems[0]!.file}: ` : ""}${problems[0]!.message}`,
      { extra: { problems } },
    );
  }
  await sweepAbandonedUploads(ctx);
  const open = (await listUploads(ctx.config.studioUploadsDir)).filter((u) => u.record.wallet === wallet);
  if (open.length >= MAX_OPEN_UPLOADS_PER_WALLET)
    throw new AppError(
      "UPLOAD_LIMIT_REACHED",
      `This wallet already has ${open.length} uploads open: launch one, or wait a day for an abandoned one to be removed.`,
    );
  const record = await createUploadRecord(ctx.config.studioUploadsDir, wallet, files, ctx.clock.now());
  return statusOf(record, new Array<number>(files.length).fill(0));
}

function statusOf(record: UploadRecord, received: number[]): UploadStatus {
  const files = record.files.map((f, i) => ({ path: f.path, size: f.size, received: received[i] ?? 0 }));
  return {
    uploadId: record.id,
    createdAt: record.createdAt,
    files,
    fileCount: files.length,
    filesComplete: files.filter((f) => f.received === f.size).length,
    totalBytes: files.reduce((sum, f) => sum + f.size, 0),
    receivedBytes: files.reduce((sum, f) => sum + f.received, 0),
    limits: UPLOAD_LIMITS,
  };
}

/** What has arrived of each file: a browser reloaded mid-upload sends only the rest. */
export async function getUploadStatus(
  ctx: ServiceContext,
  caller: StudioCaller,
  uploadId: string,
): Promise<UploadStatus> {
  const record = await getOwnUploadOrThrow(ctx, caller, uploadId);
  return statusOf(record, await receivedBytes(ctx.config.studioUploadsDir, record));
}

export type ChunkInput = { uploadId: string; path: string; contentRange: string | null; bytes: Uint8Array };

/** Writes one byte range of one file of the manifest. */
export async function receiveUploadChunk(ctx: ServiceContext, caller: StudioCaller, input: ChunkInput) {
  const record = await getOwnUploadOrThrow(ctx, caller, input.uploadId);
  return writeChunk(ctx, record, input);
}

/**
 * Whole small files in one request (multipart/form-data, each part named by its path): a
 * 10,000-item folder is 20,000 files, and one request each would spend the per-IP request
 * budget and the server's per-request cost many times over.
 */
export async function receiveUploadBatch(
  ctx: ServiceContext,
  caller: StudioCaller,
  uploadId: string,
  readFiles: () => Promise<ReadonlyArray<{ path: string; bytes: Uint8Array }>>,
) {
  const record = await getOwnUploadOrThrow(ctx, caller, uploadId);
  const files = await readFiles();
  const results = [];
  for (const file of files)
    results.push(await writeChunk(ctx, record, { uploadId, path: file.path, contentRange: null, bytes: file.bytes }));
  return { files: results };
}

async function writeChunk(ctx: ServiceContext, record: UploadRecord, input: ChunkInput) {
  const file = record.files.find((f) => f.path === input.path);
  if (!file)
    throw new AppError("UPLOAD_PATH_REFUSED", `${input.path} is not a file of this upload's manifest.`, {
      extra: { problems: [{ file: input.path, message: "This file is not in the upload's manifest." }] },
    });
  const range = parseUploadRange(input.contentRange, input.bytes.length);
  if (!range || range.total !== file.size)
    throw new AppError(
      "UPLOAD_RANGE_INVALID",
      `The byte range of ${file.path} does not match its ${file.size} bytes (send Content-Range: bytes start-end/${file.size}).`,
    );
  // No lock: the store writes each range at its offset, so two PUTs of one file at once (a
  // retry that reached another instance) write the same bytes to the same place.
  const result = await writeUploadChunk(ctx.config.studioUploadsDir, record, file, range, input.bytes);
  if (!result.ok)
    throw new AppError(
      "UPLOAD_OFFSET_MISMATCH",
      `${file.path} has ${result.received} bytes so far: send the range that starts there.`,
      { extra: { received: result.received } },
    );
  return { path: file.path, received: result.received, complete: result.complete };
}

/** A whole uploaded file, for the preview's images. */
export async function readUploadFile(ctx: ServiceContext, caller: StudioCaller, uploadId: string, file: string) {
  const record = await getOwnUploadOrThrow(ctx, caller, uploadId);
  const bytes = await readUploadedFile(ctx.config.studioUploadsDir, record, file);
  if (!bytes) throw new AppError("NOT_FOUND", `${file} has not been uploaded.`);
  return { bytes, contentType: contentTypeOf(file) };
}
