// Server-side logging for the API layer. Stacks and causes go here, never into a response.
import { getConfig } from "@/lib/config";

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const;

function enabled(level: "error" | "warn"): boolean {
  try {
    return LEVELS[getConfig().logLevel] >= LEVELS[level];
  } catch {
    return true; // a bad environment must not hide errors
  }
}

export function logError(message: string, error?: unknown): void {
  if (enabled("error")) console.error(`[api] ${message}`, error instanceof Error ? (error.stack ?? error) : (error ?? ""));
}

export function logWarn(message: string, error?: unknown): void {
  if (enabled("warn")) console.warn(`[api] ${message}`, error instanceof Error ? error.message : (error ?? ""));
}
