// The rules of a studio upload (a creator's Sugar folder sent from the browser, file by file):
// what a file's path may be, how large an upload may grow, and how a chunk's byte range is
// read. Pure: the upload store (lib/launch/upload-store.ts) and the browser both follow them.

/** Enough for 10,000 NFTs with an image, metadata and an animation each, plus the config and wallet files. */
export const MAX_UPLOAD_FILES = 40_000;
/** An animation may be 200 MB (lib/domain/animation-formats.ts); nothing in a Sugar folder is larger. */
export const MAX_UPLOAD_FILE_BYTES = 200 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024 * 1024;
/** A PUT carries at most this much: larger files go in several byte ranges (Content-Range). */
export const MAX_UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** Whole small files one batch request may carry. */
export const MAX_UPLOAD_BATCH_FILES = 500;
/** Uploads a wallet may have open at once (each reserves disk until it is launched or abandoned). */
export const MAX_OPEN_UPLOADS_PER_WALLET = 3;
/** An upload untouched this long is abandoned: it is removed at the next upload any creator starts. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
const MAX_PATH_LENGTH = 300;

export type UploadPathCheck = { ok: true; path: string } | { ok: false; reason: string };

/**
 * A relative path inside the creator's folder ("assets/3.png"), or why it is refused: never
 * absolute, never `..` or `.`, no backslash, no control character, no hidden segment. The
 * server writes every file itself, so a symlink cannot be uploaded at all.
 */
export function checkUploadPath(raw: string): UploadPathCheck {
  if (raw.length === 0 || raw.length > MAX_PATH_LENGTH)
    return { ok: false, reason: `must be 1 to ${MAX_PATH_LENGTH} characters` };
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return { ok: false, reason: "holds a backslash or a control character" };
  if (raw.startsWith("/") || /^[a-zA-Z]:/.test(raw)) return { ok: false, reason: "is absolute" };
  const segments = raw.split("/");
  if (segments.some((s) => s === ".." || s === "."))
    return { ok: false, reason: "goes outside the folder (`..` or `.`)" };
  if (segments.some((s) => s === "")) return { ok: false, reason: "has an empty folder name" };
  if (segments.some((s) => s.startsWith(".")))
    return { ok: false, reason: "names a hidden file or folder (leave those out)" };
  return { ok: true, path: raw };
}

export type ManifestFile = { path: string; size: number };
export type ManifestProblem = { file: string; message: string };

/** Every refused path of a manifest and the limits it breaks, all at once. */
export function manifestProblems(files: readonly ManifestFile[]): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  if (files.length === 0) problems.push({ file: "", message: "The folder is empty." });
  if (files.length > MAX_UPLOAD_FILES)
    problems.push({ file: "", message: `${files.length} files; an upload holds at most ${MAX_UPLOAD_FILES}.` });
  const seen = new Set<string>();
  let total = 0;
  for (const file of files) {
    const check = checkUploadPath(file.path);
    if (!check.ok) problems.push({ file: file.path, message: `This path ${check.reason}.` });
    else if (seen.has(file.path)) problems.push({ file: file.path, message: "This file is listed twice." });
    if (file.size > MAX_UPLOAD_FILE_BYTES)
      problems.push({ file: file.path, message: `Files may be at most ${MAX_UPLOAD_FILE_BYTES / 1048576} MB.` });
    seen.add(file.path);
    total += file.size;
  }
  if (total > MAX_UPLOAD_BYTES)
    problems.push({ file: "", message: `The folder is larger than ${MAX_UPLOAD_BYTES / 1024 ** 3} GB.` });
  return problems;
}

export type ByteRange = { start: number; end: number; total: number };

/**
 * `Content-Range: bytes 0-8388607/20000000` (end inclusive); a PUT without one carries the
 * whole file (`length` bytes). Null when the header is malformed or the range inconsistent.
 */
export function parseUploadRange(header: string | null, length: number): ByteRange | null {
  if (header === null) return length >= 0 ? { start: 0, end: length - 1, total: length } : null;
  const match = /^bytes (\d{1,12})-(\d{1,12})\/(\d{1,12})$/.exec(header.trim());
  if (!match) return null;
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (end < start || end >= total || end - start + 1 !== length) return null;
  return { start, end, total };
}

/**
 * Picked or dropped paths as the folder's own: a folder picker and a zip name every file
 * under the folder's name ("sugar-drop/config.json"), which is dropped when config.json is
 * not at the top. Hidden files and a Mac's `__MACOSX` are left out.
 */
export function folderRelativePaths(paths: readonly string[]): Map<string, string> {
  const kept = paths.filter((p) => !p.split("/").some((s) => s.startsWith(".") || s === "__MACOSX"));
  const first = kept[0]?.split("/")[0];
  const shared = first !== undefined && !kept.includes("config.json") && kept.every((p) => p.startsWith(`${first}/`));
  return new Map(kept.map((p) => [p, shared ? p.slice(first.length + 1) : p]));
}
