// `npm run localnet` (one shared local chain) and a Redis check, for the tests and benches
// that run several instances as README "Several instances" sets them up.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "./site-process";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type Localnet = { url: string; dir: string; process: ChildProcess; stop(): Promise<void> };

/** `npm run localnet` on a free port, in a folder of its own. */
export async function startLocalnet(dir: string): Promise<Localnet> {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/run.mjs", "scripts/localnet.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOCALNET_PORT: String(port), LOCALNET_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = await new Promise<boolean>((resolve) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      output += `${line}\n`;
      if (line.startsWith("Localnet JSON-RPC on")) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  if (!ready) throw new Error(`the localnet did not start:\n${output}`);
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Why Redis at `url` cannot be used, or undefined when it answers a PING. */
export async function redisProblem(url: string): Promise<string | undefined> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    enableOfflineQueue: false,
  });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    redis.disconnect();
  }
}
