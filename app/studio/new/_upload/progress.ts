// Upload progress as the page shows it: files and bytes done, the rate since this session of
// the upload began (a resumed upload counts only what it sends), and the time left.
import type { FileProgress } from "./upload-runner";

export type Totals = {
  fileCount: number;
  filesDone: number;
  totalBytes: number;
  bytesDone: number;
  /** Bytes already on the server when this session began, and when it began. */
  resumedBytes: number;
  startedAt: number;
  /** The files being sent now (the most recent last). */
  active: FileProgress[];
};

export function applyProgress(totals: Totals, sent: Map<string, number>, update: FileProgress[]): Totals {
  let { filesDone, bytesDone } = totals;
  const active = totals.active.filter((a) => !update.some((u) => u.path === a.path));
  for (const file of update) {
    const before = sent.get(file.path) ?? 0;
    bytesDone += file.sent - before;
    if (file.sent === file.size && before !== file.size) filesDone++;
    sent.set(file.path, file.sent);
    if (file.sent < file.size) active.push(file);
  }
  return { ...totals, filesDone, bytesDone, active: active.slice(-6) };
}

/** "about 2 min left"; null until there is a rate to go by. */
export function timeLeft(totals: Totals, now: number): string | null {
  const seconds = (now - totals.startedAt) / 1000;
  const sent = totals.bytesDone - totals.resumedBytes;
  if (seconds < 1 || sent <= 0) return null;
  const left = (totals.totalBytes - totals.bytesDone) / (sent / seconds);
  if (left < 5) return "a few seconds left";
  if (left < 90) return `about ${Math.round(left)} s left`;
  return `about ${Math.round(left / 60)} min left`;
}

export const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(bytes < 10 * 1048576 ? 1 : 0)} MB`;
