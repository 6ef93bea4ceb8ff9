// `npm run drop -- create|update <folder> --fill-hash`: writes the assets hash into config.json's
// hiddenSettings.hash, as Sugar fills in its own hash at deploy, so a creator need not paste it.
// Only that one value changes: the rest of the file keeps its formatting, byte for byte. The
// check stays: the command reads the folder again afterwards, and the hash must then match.
import { applyEdits, modify } from "jsonc-parser";
import path from "node:path";
import { writeFileAtomic } from "@/lib/fs/atomic-file";
import { readInsideFolder, readRefusal } from "./folder-files";
import type { ReadResult } from "./read-folder";

/** Whether `result` is refused only because hiddenSettings.hash differs from the assets hash. */
export function onlyTheHashDiffers(result: ReadResult): result is Extract<ReadResult, { ok: false }> & {
  hiddenHash: NonNullable<Extract<ReadResult, { ok: false }>["hiddenHash"]>;
} {
  return (
    !result.ok &&
    result.hiddenHash !== null &&
    result.problems.every((p) => p.file === "config.json" && p.path === "hiddenSettings.hash")
  );
}

export async function fillHiddenHash(folder: string, hash: string): Promise<void> {
  const read = await readInsideFolder(folder, "config.json");
  if (!read.ok) throw new Error(`config.json ${readRefusal(read)}`);
  const text = read.bytes.toString("utf8");
  const edits = modify(text, ["hiddenSettings", "hash"], hash, {
    formattingOptions: { insertSpaces: true, tabSize: 2 },
  });
  await writeFileAtomic(path.join(folder, "config.json"), [Buffer.from(applyEdits(text, edits), "utf8")]);
}
