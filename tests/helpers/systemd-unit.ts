// deploy/systemd/dropmint@.service read the way systemd reads it for one instance, so the
// topology test starts an instance with the unit's own command, folder, environment and
// user, on machines without systemd. Only what the unit uses is understood: `Key=Value`
// lines, `Environment=` with space-separated assignments, `EnvironmentFile=` (KEY=VALUE
// lines), `%i`, and the paths the operator's machine has, mapped onto the test's folders.
import { chmodSync, chownSync, mkdirSync, readFileSync } from "node:fs";
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { parseEnv } from "node:util";

const UNIT_FILE = path.resolve(import.meta.dirname, "../../deploy/systemd/dropmint@.service");
const ENV_EXAMPLE_FILE = path.resolve(import.meta.dirname, "../../deploy/dropmint.env.example");
/** Where the unit expects the code (its WorkingDirectory). */
const CODE_DIR = "/srv/dropmint";
/** Where StateDirectory= puts each instance's folder and the shared one. */
const STATE_ROOT = "/var/lib/dropmint";
/** The PATH systemd gives a service: nothing of the shell that started it. */
const SYSTEMD_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** Every `Key=` of the unit, in order (a key may repeat, as Environment= can). */
function readUnit(file = UNIT_FILE): Array<[string, string]> {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^[#;[]/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
}

const unitValues = (unit: Array<[string, string]>, key: string) =>
  unit.filter(([name]) => name === key).map(([, value]) => value);

/** `Environment=A=1 B=2` lines as one record (no quoted values in this unit). */
function unitEnvironment(unit: Array<[string, string]>, instance: string): Record<string, string> {
  const assignments = unitValues(unit, "Environment").flatMap((line) => line.split(/\s+/));
  return Object.fromEntries(
    assignments.map((pair) => [
      pair.slice(0, pair.indexOf("=")),
      pair.slice(pair.indexOf("=") + 1).replaceAll("%i", instance),
    ]),
  );
}

/** The env example as the operator fills it in: its lines, their own values on top. */
export function filledEnvFile(edits: Record<string, string>): Record<string, string> {
  return { ...(parseEnv(readFileSync(ENV_EXAMPLE_FILE, "utf8")) as Record<string, string>), ...edits };
}

/** The unprivileged user the unit runs as, when this process may switch to one (it runs as root). */
export type ServiceUser = { uid: number; gid: number; name: string };

export function serviceUser(codeDir = process.cwd()): ServiceUser | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync("id", [flag, "nobody"], { encoding: "utf8" }).trim());
  const user = { uid: id("-u"), gid: id("-g"), name: "nobody" };
  // A checkout in a folder only root may enter (mktemp -d makes 0700 ones) cannot be run by
  // another user at all, as /srv/dropmint can: then the instance runs as this process's user.
  // The path is absolute, as Node resolves every module: the child enters its folder before it
  // drops to the user, so a relative path would pass inside a 0700 parent that Node cannot cross.
  const reads = spawnSync(
    process.execPath,
    ["-e", "require('fs').accessSync(process.argv[1])", path.join(codeDir, "package.json")],
    { cwd: codeDir, ...user },
  );
  return reads.status === 0 ? user : null;
}

export type InstanceLaunch = {
  /** The ExecStart arguments after node (the harness runs its own node binary). */
  args: string[];
  cwd: string;
  env: Record<string, string>;
  user: ServiceUser | null;
};

/**
 * One instance as `systemctl start dropmint@<instance>` would run it, with `stateRoot` for
 * /var/lib/dropmint (its folders made `user`'s, as StateDirectory= does) and the repository
 * for /srv/dropmint. `envFile`: the filled-in env example; `user`: serviceUser(codeDir).
 */
export function instanceLaunch(
  instance: string,
  stateRoot: string,
  envFile: Record<string, string>,
  codeDir: string,
  user: ServiceUser | null,
): InstanceLaunch {
  const unit = readUnit();
  const mapPath = (value: string) => value.replace(STATE_ROOT, stateRoot).replace(CODE_DIR, codeDir);
  for (const folder of unitValues(unit, "StateDirectory").flatMap((line) => line.split(/\s+/)))
    stateDirectory(path.join(stateRoot, folder.replace(/^dropmint\/?/, "").replaceAll("%i", instance)), user);
  const [node, ...args] = unitValues(unit, "ExecStart")[0]!.split(/\s+/);
  if (!node?.endsWith("/node")) throw new Error(`ExecStart does not run node: ${node}`);
  const env = { ...envFile, ...unitEnvironment(unit, instance) };
  const privateTmp = stateDirectory(path.join(stateRoot, `tmp-${instance}`), user);
  return {
    args,
    cwd: mapPath(unitValues(unit, "WorkingDirectory")[0]!),
    // systemd's PATH and the user's HOME (the code folder, useradd --home), a private /tmp (PrivateTmp=).
    env: {
      PATH: SYSTEMD_PATH,
      HOME: codeDir,
      TMPDIR: privateTmp,
      ...Object.fromEntries(Object.entries(env).map(([name, value]) => [name, mapPath(value)])),
    },
    user,
  };
}

function stateDirectory(folder: string, user: ServiceUser | null): string {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (user) chownSync(folder, user.uid, user.gid);
  chmodSync(path.dirname(folder), 0o755); // the state root lets the service user through, as /var/lib does
  return folder;
}
