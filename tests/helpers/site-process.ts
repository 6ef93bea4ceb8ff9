// Runs the built site as `npm start` serves it (scripts/serve.ts) in a child process, on a
// free port with its own data folder, for smoke tests.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { runCli } from "./cli-process";

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The environment `npm run serve` gives the server (package.json), unless the caller's says otherwise: see scripts/serve.mjs. */
const SERVE_ENV = { MALLOC_ARENA_MAX: "2" };
/** The node flags `npm run serve` gives the server (package.json): see scripts/serve.mjs. */
const SERVE_NODE_ARGS = ["--max-semi-space-size=8"];

export type Site = {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** The user a site process runs as, when not this process's (the harness runs as root). */
export type ProcessUser = { uid: number; gid: number };

/** A site started exactly as a process manager would: these arguments to node, this folder, this environment alone, as this user. */
export type ExactLaunch = {
  args: string[];
  cwd: string;
  env: Record<string, string>;
  user: ProcessUser | null;
};

/**
 * `preload`: modules the harness loads into the site process first (fault injection, see
 * tests/smoke/fixtures). `nodeArgs`: flags node refuses in NODE_OPTIONS (`--cpu-prof`, for bench:profile).
 * `user`: the user the process runs as (the harness runs as root). `exact`: everything the
 * process gets, nothing of this one's environment (tests/helpers/systemd-unit.ts).
 */
export async function startSite(
  env: Record<string, string>,
  options: {
    preload?: string[];
    nodeArgs?: string[];
    user?: ProcessUser | null;
    exact?: ExactLaunch;
  } = {},
): Promise<Site> {
  const port = Number(env.PORT);
  const child = options.exact ? spawnExactly(options.exact) : spawnServe(env, options);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  // Ready once the app answers (the first answer waits for migrations and the seed).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`site exited early (${child.exitCode}):\n${output}`);
    const answered = await fetch(`${url}/api/v1`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`site did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

function spawnServe(
  env: Record<string, string>,
  options: { preload?: string[]; nodeArgs?: string[]; user?: ProcessUser | null },
): ChildProcess {
  const preloads = (options.preload ?? []).flatMap((file) => ["--import", path.resolve(ROOT, file)]);
  // `node scripts/serve.mjs` (as `npm start` does): one process, so a signal reaches the
  // server itself. Preloaded fixtures are TypeScript, so tsx loads them; they install runtime
  // hooks on globalThis, which the compiled server reads.
  const serve = [...(preloads.length > 0 ? ["--import", "tsx", ...preloads] : []), "scripts/serve.mjs"];
  return spawn(process.execPath, [...SERVE_NODE_ARGS, ...(options.nodeArgs ?? []), ...serve], {
    cwd: ROOT,
    env: { ...SERVE_ENV, ...process.env, ...env, LOG_LEVEL: env.LOG_LEVEL ?? "warn" },
    stdio: ["ignore", "pipe", "pipe"],
    ...options.user,
  });
}

function spawnExactly({ args, cwd, env, user }: ExactLaunch): ChildProcess {
  return spawn(process.execPath, args, {
    cwd,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    ...user,
  });
}

/**
 * Runs one of the scripts (a CLI) to its end. Asynchronously, not with spawnSync: a test that
 * blocked its event loop for the CLI's seconds would keep fetch's idle keep-alive sockets past
 * the server's 5 s, and its next request would meet "other side closed".
 */
export async function runScript(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runCli(
    path.join("scripts", file),
    args,
    { ...process.env, ...env },
    {
      timeoutMs: 60_000,
    },
  );
  return { status: code, stdout, stderr };
}
