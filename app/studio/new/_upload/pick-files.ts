// The creator's folder as (path, file) pairs, however it arrives: a folder picked with the
// folder picker, a folder dropped on the page, or a zip of it. Paths are made relative to the
// folder (config.json at the top), hidden files and a Mac's __MACOSX left out.
//
// A zip is opened here, in the browser, with fflate (small, dependency-free, well kept, and
// the usual choice for zips in the browser): the server then receives plain files whatever
// the creator chose, with one upload path that resumes file by file, and never holds a zip
// of 10,000 images in its memory. A link inside a zip arrives as a plain small file and is
// refused by the folder checks like any other wrong file; the server never creates links.
import { folderRelativePaths } from "@/lib/domain/studio-upload";

export type PickedFile = { path: string; blob: Blob };

export function fromFileList(files: FileList | File[]): PickedFile[] {
  return relative([...files].map((file) => ({ path: file.webkitRelativePath || file.name, blob: file })));
}

/** A dropped folder (read through the entries API) or a dropped zip. */
export async function fromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry()).filter((e) => e !== null);
  if (entries.length === 1 && entries[0]!.isFile && entries[0]!.name.toLowerCase().endsWith(".zip"))
    return fromZip(await fileOf(entries[0] as FileSystemFileEntry));
  const files: PickedFile[] = [];
  for (const entry of entries) await walk(entry, "", files);
  return relative(files);
}

export async function fromZip(zip: Blob): Promise<PickedFile[]> {
  const { unzip } = await import("fflate");
  const bytes = new Uint8Array(await zip.arrayBuffer());
  const files = await new Promise<Record<string, Uint8Array>>((resolve, reject) =>
    unzip(bytes, { filter: (file) => !file.name.endsWith("/") }, (error, data) =>
      error ? reject(error) : resolve(data),
    ),
  );
  return relative(
    Object.entries(files).map(([path, data]) => ({ path, blob: new Blob([data as Uint8Array<ArrayBuffer>]) })),
  );
}

function relative(files: PickedFile[]): PickedFile[] {
  const paths = folderRelativePaths(files.map((f) => f.path));
  return files.flatMap((f) => {
    const path = paths.get(f.path);
    return path ? [{ path, blob: f.blob }] : [];
  });
}

async function walk(entry: FileSystemEntry, prefix: string, out: PickedFile[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    out.push({ path, blob: await fileOf(entry as FileSystemFileEntry) });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in pages (about 100 at a time) until it answers none.
  for (;;) {
    const page = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (page.length === 0) return;
    for (const child of page) await walk(child, path, out);
  }
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));
