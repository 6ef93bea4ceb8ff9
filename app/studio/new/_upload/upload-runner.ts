// Sends the files the server does not have yet, a few requests at a time: small files in
// multipart batches (a 10,000-item folder is 20,000 files), large ones in byte ranges from
// where they stopped. Reports each file's bytes as they are confirmed, for the progress view.
import type { UploadStatus } from "@/lib/schemas/studio-uploads";
import type { PickedFile } from "./pick-files";
import { StudioError, type UploadApi } from "./upload-api";

/** Requests in flight at once: enough to hide latency, few enough to leave the site room. */
const CONCURRENCY = 3;
const BATCH_BYTES = 4 * 1024 * 1024;
const BATCH_FILES = 200;
/** Files above this go alone, in ranges of RANGE_BYTES (a reload resumes mid-file). */
const SMALL_FILE = 1024 * 1024;
const RANGE_BYTES = 4 * 1024 * 1024;
const RETRIES = 5;

export type FileProgress = { path: string; size: number; sent: number };
export type OnProgress = (update: FileProgress[]) => void;

type Job = () => Promise<void>;

export function planJobs(api: UploadApi, id: string, files: PickedFile[], status: UploadStatus, report: OnProgress) {
  const received = new Map(status.files.map((f) => [f.path, f.received]));
  const jobs: Job[] = [];
  let batch: PickedFile[] = [];
  let batchBytes = 0;
  const flush = () => {
    const files = batch;
    if (files.length === 0) return;
    jobs.push(async () => {
      await retrying(() => api.sendBatch(id, files));
      report(files.map((f) => ({ path: f.path, size: f.blob.size, sent: f.blob.size })));
    });
    batch = [];
    batchBytes = 0;
  };
  for (const file of files) {
    const size = file.blob.size;
    const got = received.get(file.path) ?? 0;
    if (size > 0 && got === size) continue;
    if (size > SMALL_FILE) {
      jobs.push(() => sendRanges(api, id, file, got, report));
      continue;
    }
    if (batchBytes + size > BATCH_BYTES || batch.length >= BATCH_FILES) flush();
    batch.push(file);
    batchBytes += size;
  }
  flush();
  return jobs;
}

async function sendRanges(api: UploadApi, id: string, file: PickedFile, from: number, report: OnProgress) {
  const size = file.blob.size;
  let start = from;
  while (start < size) {
    const chunk = file.blob.slice(start, Math.min(size, start + RANGE_BYTES));
    try {
      const { received } = await retrying(() => api.sendRange(id, file.path, chunk, start, size));
      start = received;
    } catch (error) {
      // The server has a different part of the file than we thought: carry on from its count.
      if (!(error instanceof StudioError && error.code === "UPLOAD_OFFSET_MISMATCH")) throw error;
      start = Number(error.body.received ?? 0);
    }
    report([{ path: file.path, size, sent: start }]);
  }
}

/** Network failures, 429s and 5xx are retried with a growing pause; refusals are not. */
async function retrying<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const passing =
        !(error instanceof StudioError) ||
        ["SERVER_BUSY", "RATE_LIMITED", "INTERNAL_ERROR", "UPLOAD_BUSY"].includes(error.code);
      if (!passing || attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/** Runs the jobs CONCURRENCY at a time; the first failure stops the rest. */
export async function runJobs(jobs: Job[], signal: { stopped: boolean }): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length && !signal.stopped) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
