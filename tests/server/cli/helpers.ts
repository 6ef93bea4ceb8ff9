// Shared by the CLI tests: run the project's scripts in real child processes.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import type { RunResult } from "../../helpers/cli-process";
import path from "node:path";
import { format } from "node:util";

export { runCli, startCli, type RunResult } from "../../helpers/cli-process";

export const ROOT = path.resolve(import.meta.dirname, "../../..");

/** The environment of a child working on `dataDir` with the embedded database. */
export function childEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "test", ...extra };
}

/** Resolves with the first stdout line parsed as JSON. */
export function firstJsonLine(child: ChildProcessWithoutNullStreams): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const newline = buffered.indexOf("\n");
      if (newline < 0) return;
      child.stdout.off("data", onData);
      try {
        resolve(JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>);
      } catch (error) {
        reject(error);
      }
    };
    child.stdout.on("data", onData);
    child.once("close", (code) => reject(new Error(`child exited (${code}) before printing a line: ${stderr}`)));
  });
}

/** The clear keys (dm_<class>_<secret>) printed in a text. */
export function keysIn(text: string): string[] {
  return text.match(/\bdm_(?:pub|live|test)_[1-9A-HJ-NP-Za-km-z]{32,44}\b/g) ?? [];
}

const IN_PROCESS = {
  keys: async () => {
    const { keys, USAGE } = await import("@/scripts/keys");
    return { main: keys, usage: USAGE };
  },
  backup: async () => {
    const { backup, USAGE } = await import("@/scripts/backup");
    return { main: backup, usage: USAGE };
  },
};

/**
 * Runs `npm run <cli> -- ...args` inside this worker: the CLI's own entry (scripts/<cli>.ts)
 * and exit-code rules (scripts/cli-run.ts), its console output captured, with the config a
 * child started with `env` would read. Seconds faster than a child process (no new Node, no
 * reloading the database client), so the tests spawn only where the process is the point.
 */
export async function runInProcess(
  cli: keyof typeof IN_PROCESS,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<RunResult> {
  const [{ main, usage }, { commandOutcome }, { parseConfig }] = await Promise.all([
    IN_PROCESS[cli](),
    import("@/scripts/cli-run"),
    import("@/lib/config"),
  ]);
  let stdout = "";
  let stderr = "";
  const log = console.log;
  const error = console.error;
  console.log = (...items: unknown[]) => void (stdout += `${format(...items)}\n`);
  console.error = (...items: unknown[]) => void (stderr += `${format(...items)}\n`);
  try {
    const code = await commandOutcome(cli, usage, () => main(args, parseConfig(env)));
    return { code, stdout, stderr };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** `npm run keys -- ...args`, in-process (runInProcess). */
export const runKeysInProcess = (args: string[], env: NodeJS.ProcessEnv) => runInProcess("keys", args, env);
