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
      if (enabled("error"))
        console.error(`${prefix} ${message}`, error instanceof Error ? (error.stack ?? error) : (error ?? ""));
    },
    warn(message, error) {
      if (enabled("warn")) console.warn(`${prefix} ${message}`, error instanceof Error ? error.message : (error ?? ""));
    },
    info(message) {
      if (enabled("info")) console.log(`${prefix} ${message}`);
    },
  };
}

/**
 * For failures that come in floods (every request of an overload, every lookup while the
 * database is away): the first one is logged in full, then one line per interval counts the
 * rest, instead of a stack trace per request.
 */
export function createSummary(logger: Logger, what: string, intervalMs = 10_000): (error?: unknown) => void {
  let count = 0;
  let last: unknown;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return (error) => {
    if (timer === null) {
      logger.error(what, error);
      timer = setTimeout(() => {
        timer = null;
        if (count > 0) logger.warn(`${what}: ${count} more in the last ${intervalMs / 1000} s`, last);
        count = 0;
      }, intervalMs);
      timer.unref();
      return;
    }
    count += 1;
    last = error;
  };
}
