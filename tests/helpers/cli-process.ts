// The project's CLIs in real child processes, started as `npm run <cli>` starts them
// (package.json: node scripts/run.mjs scripts/<cli>.ts), from the project root.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type RunResult = { code: number | null; stdout: string; stderr: string };

/** Starts `node scripts/run.mjs <script> ...args`: the child's pid is the script's own. */
export function startCli(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { timeoutMs?: number } = {},
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["scripts/run.mjs", script, ...args], {
    cwd: ROOT,
    env,
    stdio: "pipe",
    timeout: options.timeoutMs,
  });
}

/** Runs `<script> ...args` to its end, as `npm run` does, with what it printed. */
export function runCli(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { timeoutMs?: number } = {},
): Promise<RunResult> {
  const child = startCli(script, args, env, options);
  child.stdin.end();
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
