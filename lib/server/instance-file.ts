// `<DATA_DIR>/instance.json`: how command-line tools reach the running site when it holds
// the embedded database (PGlite is single-process, so they cannot open it themselves).
// Written by createRuntime on the embedded database, mode 0600, removed on close:
//
//   { "pid": 4242, "adminUrl": "http://127.0.0.1:3000", "adminToken": "<32 random bytes, base64url>" }
//
// The token authorizes the internal admin endpoints (app/api/internal/*). A file left
// behind by a crash is harmless: readers check that its pid is alive and is the process
// holding the database lock.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export const INSTANCE_FILE = "instance.json";

export type InstanceInfo = { pid: number; adminUrl: string; adminToken: string };

export function instanceFilePath(dataDir: string): string {
  return path.join(dataDir, INSTANCE_FILE);
}

/** 32 random bytes, base64url. */
export function generateAdminToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Writes the file atomically (temp file created 0600, renamed over the target). */
export function writeInstanceFile(dataDir: string, info: InstanceInfo): void {
  mkdirSync(dataDir, { recursive: true });
  const target = instanceFilePath(dataDir);
  const temp = `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  // Mode applies at creation only; "wx" guarantees the temp file is new, so never wider than 0600.
  writeFileSync(temp, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  try {
    renameSync(temp, target);
  } catch (error) {
    removeQuietly(temp);
    throw error;
  }
}

/** The file's content, or null when it is missing or malformed. Does not check the pid. */
export function readInstanceFile(dataDir: string): InstanceInfo | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(instanceFilePath(dataDir), "utf8"));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { pid, adminUrl, adminToken } = parsed as Record<string, unknown>;
  if (!Number.isInteger(pid) || typeof adminUrl !== "string" || typeof adminToken !== "string" || !adminToken)
    return null;
  return { pid: pid as number, adminUrl, adminToken };
}

/** Removes the file if it is still the one with this token (another start may have replaced it). */
export function removeInstanceFile(dataDir: string, adminToken: string): void {
  if (readInstanceFile(dataDir)?.adminToken === adminToken) removeQuietly(instanceFilePath(dataDir));
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
