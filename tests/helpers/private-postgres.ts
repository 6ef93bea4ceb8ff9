// A PostgreSQL server of a test's own, for the faults the shared server must never suffer
// while other suites use it: a restart mid-test, every connection cut. Debian's server
// binaries (the `postgresql` package the machine's own server comes from), a fresh cluster in
// a temporary folder, trust auth on a free loopback port. As root, the server runs as the
// `postgres` user, since PostgreSQL refuses to run as root.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./site-process";

const PG_ROOT = "/usr/lib/postgresql";

/** The newest installed server's bin folder, or null when there is none. */
export function postgresBinaries(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(path.join(PG_ROOT, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], "bin") : null;
}

export type PrivatePostgres = {
  /** An admin URL (database `postgres`). */
  url: string;
  port: number;
  restart(): void;
  stop(): void;
};

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL's server binaries are not installed (Debian: apt-get install postgresql).");
  const dir = mkdtempSync(path.join(tmpdir(), "dropmint-pg-"));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const port = await freePort();
  const asServerUser = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...asServerUser, path.join(bin, tool), ...args];
    const result = spawnSync(command!, rest, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (action: "start" | "restart" | "stop") =>
    run("pg_ctl", [action, "-D", data, "-w", "-m", "fast", "-l", path.join(dir, "log"), "-o", options]);
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  pgCtl("start");
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () => pgCtl("restart"),
    stop() {
      try {
        pgCtl("stop");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
