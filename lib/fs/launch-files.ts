// Where `npm run drop` stages a drop plan for the create and update services: one file per
// short ID under DATA_DIR, shared by the command and the running site (the site is told only
// the short ID; the plan is far larger than a request body may be).
import { readFile, rm } from "node:fs/promises";
import path from "node:path";

const SHORT_ID = /^[a-z0-9][a-z0-9-]{2,15}$/;

export function stagedPlanPath(dataDir: string, shortId: string): string {
  if (!SHORT_ID.test(shortId)) throw new Error(`not a short ID: ${shortId}`);
  return path.join(dataDir, "launches", `${shortId}.json`);
}

/** The staged plan's text, or null when none is staged. */
export async function readStagedPlanText(dataDir: string, shortId: string): Promise<string | null> {
  if (!SHORT_ID.test(shortId)) return null;
  return readFile(stagedPlanPath(dataDir, shortId), "utf8").catch(() => null);
}

export async function removeStagedPlan(dataDir: string, shortId: string): Promise<void> {
  if (SHORT_ID.test(shortId)) await rm(stagedPlanPath(dataDir, shortId), { force: true });
}
