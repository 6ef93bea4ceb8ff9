// One logger for requests and background jobs. Stacks and causes go here, never into a
// response. Each line names its source (`[api]`, `[mint]`, `[prices]`…), so a reader can
// tell a request's failure from a background job's.
import { getConfig } from "@/lib/config";

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const;

function enabled(level: "error" | "warn" | "info"): boolean {
  try {
    return LEVELS[getConfig().logLevel] >= LEVELS[level];
  } catch {
    return level !== "info"; // a bad environment must not hide errors
  }
}

export type Logger = {
  error(message: string, error?: unknown): void;
  warn(message: string, error?: unknown): void;
  info(message: string): void;
};

/** A logger whose lines start with `[source]`. */
export function createLogger(source: string): Logger {
  const prefix = `[${source}]`;
  return {
    error(message, error) {
      if (enabled("error")) console.error(`${prefix} ${message}`, error instanceof Error ? (error.stack ?? error) : (error ?? ""));
    },
    warn(message, error) {
      if (enabled("warn")) console.warn(`${prefix} ${message}`, error instanceof Error ? error.message : (error ?? ""));
    },
    info(message) {
      if (enabled("info")) console.log(`${prefix} ${message}`);
    },
  };
}
