// A folder on disk as the studio's browser page sends it: its manifest (every file's path
// relative to the folder and its size) and each file's bytes, in byte ranges.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export type FolderFile = { path: string; size: number };

/** Every file under `folder` (relative paths with "/"), as a folder picker lists them. */
export function manifestOf(folder: string, under = ""): FolderFile[] {
  const files: FolderFile[] = [];
  for (const entry of readdirSync(path.join(folder, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...manifestOf(folder, relative));
    else files.push({ path: relative, size: statSync(path.join(folder, relative)).size });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** A file's byte ranges of at most `chunk` bytes, with their Content-Range headers. */
export function rangesOf(folder: string, file: FolderFile, chunk: number) {
  const bytes = readFileSync(path.join(folder, file.path));
  if (bytes.length === 0) return [{ bytes, contentRange: null }];
  const ranges: Array<{ bytes: Uint8Array; contentRange: string | null }> = [];
  for (let start = 0; start < bytes.length; start += chunk) {
    const part = bytes.subarray(start, Math.min(bytes.length, start + chunk));
    ranges.push({ bytes: part, contentRange: `bytes ${start}-${start + part.length - 1}/${bytes.length}` });
  }
  return ranges;
}

/** A multipart body of whole files, each part named by its path (what the page's batches send). */
export async function batchBody(folder: string, files: string[]) {
  const form = new FormData();
  for (const file of files) form.append(file, new Blob([readFileSync(path.join(folder, file))]), "file");
  const request = new Request("http://x/", { method: "POST", body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("content-type")! };
}
