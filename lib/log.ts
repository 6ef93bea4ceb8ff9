// One logger for requests and background jobs: pino, one JSON object a line (human-readable
// lines in development). Stacks and causes go here, never into a response. Each line names its
// source (`api`, `mint`, `prices`…), and every line a request or a background job causes
// carries that request's id or that job's run id (AsyncLocalStorage), so one request's lines
// can be picked out of an instance's interleaved output.
//
// Secrets never reach a line: the fields that could carry one (headers, cookies, keys,
// tokens, secrets) are redacted by path, and API keys and long base58 secrets are cut out of
// message and error text as well (tests/api/pipeline/request-logs.test.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import pino from "pino";
import { getConfig } from "@/lib/config";

type Level = "silent" | "error" | "warn" | "info" | "debug";

/** What a line inherits from the request or job that caused it. */
export type LogContext = { requestId?: string; job?: string; runId?: string };

// On globalThis: the production server (scripts/serve.ts) loads its own copy of this module
// outside the app's bundle, and a request it starts must be seen by the app's copy.
const slot = globalThis as { __dropmintLogContext?: AsyncLocalStorage<LogContext> };
const contextStorage = (slot.__dropmintLogContext ??= new AsyncLocalStorage<LogContext>());

/** Runs `fn` with every line it causes carrying `context`. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return contextStorage.run(context, fn);
}

/** The request or job this code runs for, if any. */
export function currentLogContext(): LogContext | undefined {
  return contextStorage.getStore();
}

/**
 * Field paths that never reach a line: at the top level and under `headers` (no wildcard
 * paths: pino's redaction costs ten times more per line with them, on every request line).
 */
const SECRET_FIELDS = [
  "authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "x-admin-token",
  "apiKey",
  "key",
  "token",
  "secret",
  "password",
];
const REDACT_PATHS = SECRET_FIELDS.flatMap((name) => {
  const field = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `["${name}"]`;
  const dotted = field.startsWith("[") ? field : `.${field}`;
  return [field, `headers${dotted}`, `req.headers${dotted}`];
});

/**
 * Partner keys (`dm_<class>_<secret>`), bearer tokens and base58 strings of secret-key length
 * (64-byte keypairs print as 87–88 characters) are cut out of free text: an error message
 * quoting a header or a configuration value must not carry it into the log.
 */
const SECRET_TEXT = [
  /\bdm_(?:pub|live|test)_[A-Za-z0-9_-]+/g,
  /\bBearer\s+[^\s"']+/gi,
  /\b[1-9A-HJ-NP-Za-km-z]{80,}\b/g,
];

export function scrubSecrets(text: string): string {
  return SECRET_TEXT.reduce((scrubbed, pattern) => scrubbed.replace(pattern, "[redacted]"), text);
}

function levelOfConfig(): { level: Level; pretty: boolean } {
  try {
    const config = getConfig();
    return { level: config.logLevel, pretty: config.env === "development" };
  } catch {
    return { level: "warn", pretty: false }; // a bad environment must not hide errors
  }
}

function createRoot(destination?: pino.DestinationStream, level?: Level): pino.Logger {
  const configured = levelOfConfig();
  return pino(
    {
      level: level ?? configured.level,
      base: undefined, // no pid or hostname on every line: the process manager adds its own
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      mixin: () => ({ ...contextStorage.getStore() }),
      hooks: {
        // Free text is scrubbed too: the message and any string argument.
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === "string" ? scrubSecrets(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
      serializers: { err: errorFields },
    },
    destination ?? (configured.pretty ? prettyLines() : standardStreams()),
  );
}

/** An error's class, scrubbed message and stack, and its cause's. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrubSecrets(String(error)) };
  return {
    type: error.name,
    message: scrubSecrets(error.message),
    ...(error.stack ? { stack: scrubSecrets(error.stack) } : {}),
    ...(error.cause !== undefined ? { cause: errorFields(error.cause) } : {}),
  };
}

/**
 * Warnings and errors on standard error, the rest on standard output, as console.warn and
 * console.log put them: a command-line tool's own output on stdout stays parseable.
 */
function standardStreams(): pino.DestinationStream {
  return pino.multistream(
    [
      { level: "debug", stream: pino.destination({ dest: 1, sync: true }) },
      { level: "warn", stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

/** Development: `12:00:01 WARN  [mint] message  key=value`, one line per record (warnings and errors on stderr). */
function prettyLines(): pino.DestinationStream {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const { time, level, source, msg, err, ...rest } = JSON.parse(chunk.toString()) as Record<string, unknown>;
      const fields = Object.entries(rest).map(([name, value]) => `${name}=${JSON.stringify(value)}`);
      const head = `${String(time).slice(11, 19)} ${String(level).toUpperCase().padEnd(5)} [${String(source ?? "-")}] ${String(msg ?? "")}`;
      const stack = err && typeof err === "object" ? `\n${String((err as { stack?: unknown }).stack ?? "")}` : "";
      const out = level === "warn" || level === "error" ? process.stderr : process.stdout;
      out.write(`${head}${fields.length ? `  ${fields.join(" ")}` : ""}${stack}\n`);
      done();
    },
  });
}

const rootSlot = globalThis as { __dropmintLogRoot?: pino.Logger };
function root(): pino.Logger {
  return (rootSlot.__dropmintLogRoot ??= createRoot());
}

/**
 * Sends every line to `destination` at `level` from now on (tests capture lines this way);
 * with no argument, back to standard output at the configured level.
 */
export function setLogDestination(destination?: pino.DestinationStream, level?: Level): void {
  rootSlot.__dropmintLogRoot = destination ? createRoot(destination, level) : undefined;
}

export type Logger = {
  error(message: string, error?: unknown): void;
  warn(message: string, error?: unknown): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
};

/** A logger whose lines carry `source`. */
export function createLogger(source: string): Logger {
  const line = (level: "error" | "warn" | "info" | "debug", message: string, extra?: Record<string, unknown>) => {
    const logger = root();
    if (logger.isLevelEnabled(level)) logger[level]({ source, ...extra }, message);
  };
  return {
    error: (message, error) => line("error", message, error === undefined ? undefined : { err: error }),
    // Warnings name the cause, without its stack (expected faults: a busy database, a slow RPC).
    warn: (message, error) =>
      line("warn", message, error === undefined ? undefined : { cause: errorFields(error).message }),
    info: (message, fields) => line("info", message, fields),
    debug: (message, fields) => line("debug", message, fields),
  };
}

/**
 * A background job's run: every line it causes carries the job's name and a run id, and
 * the run ends with one line (its duration and what `fn` reports; `quiet` reports go at debug
 * level, so an idle timer does not fill the log).
 */
export async function runJob<T extends Record<string, unknown>>(
  logger: Logger,
  job: string,
  fn: () => Promise<T & { quiet?: boolean }>,
): Promise<T> {
  const started = performance.now();
  return withLogContext({ job, runId: randomUUID() }, async () => {
    try {
      const { quiet, ...report } = await fn();
      const ms = Math.round(performance.now() - started);
      (quiet ? logger.debug : logger.info)(`${job} run`, { ...report, ms });
      return report as unknown as T;
    } catch (error) {
      logger.warn(`${job} run failed after ${Math.round(performance.now() - started)} ms`, error);
      throw error;
    }
  });
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
