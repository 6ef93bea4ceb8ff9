// Shared by the launch tests: the README's example folder copied to a temp folder (to be
// changed freely), JSON edits in place, and the same steps `npm run drop` takes — read and
// check, store the media, stage the plan, run the service — inside the test's own app.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readDropFolder } from "@/lib/launch/read-folder";
import { planOf, stagePlan, storeDraftMedia } from "@/lib/launch/stage-drop";
import { openLocalMediaStore } from "@/lib/media/media-store";
import type { AdminDropsResponse } from "@/lib/schemas/drop-plan";
import { runDropCommand } from "@/lib/services/drop-launch";
import type { TestApp } from "../helpers/test-app";

export const EXAMPLE = path.resolve(import.meta.dirname, "../../examples/sugar-drop");

/** A fresh copy of examples/sugar-drop. */
export function copyExample(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "dropmint-sugar-"));
  cpSync(EXAMPLE, folder, { recursive: true });
  return folder;
}

export function readJson<T = Record<string, any>>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** Rewrites a JSON file through `change` (which edits the parsed value in place). */
export function editJson(file: string, change: (json: Record<string, any>) => void): void {
  const json = readJson(file);
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

/** What `npm run drop -- <action> <folder>` does, in-process against the app. */
export async function launchFolder(
  app: TestApp,
  folder: string,
  action: "create" | "update",
): Promise<AdminDropsResponse> {
  const read = await readDropFolder(folder);
  if (!read.ok) throw new Error(`folder refused: ${JSON.stringify(read.problems)}`);
  const store = openLocalMediaStore(app.runtime.config.mediaDir);
  await storeDraftMedia(read.draft, store);
  const plan = planOf(read.draft, store);
  await stagePlan(app.runtime.config.dataDir, plan);
  return runDropCommand(app.context(), { action, shortId: plan.shortId });
}
