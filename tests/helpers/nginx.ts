// Debian's nginx with deploy/nginx/dropmint.conf, run by a test: its own prefix folder, its
// own main config (pid, logs and temp folders inside that folder), the site file rendered
// with the test's ports, in the foreground as the current user. scripts/ensure-nginx.mjs
// installs nginx before the smoke tests.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const NGINX_PATH = process.env.NGINX_PATH || "/usr/sbin/nginx";
export const NGINX_SITE_FILE = path.join(ROOT, "deploy", "nginx", "dropmint.conf");

export type NginxSite = { listenPort: number; upstreamPorts: [number, number]; dir: string };

/** deploy/nginx/dropmint.conf with the test's port and folders; fails if the file no longer has what it replaces. */
export function renderSiteConfig(site: NginxSite): string {
  const replacements: Array<[string, string]> = [
    ["listen 80;", `listen 127.0.0.1:${site.listenPort};`],
    ["server 127.0.0.1:3001 ", `server 127.0.0.1:${site.upstreamPorts[0]} `],
    ["server 127.0.0.1:3002 ", `server 127.0.0.1:${site.upstreamPorts[1]} `],
    ["/var/lib/nginx/dropmint-cache ", `${path.join(site.dir, "cache")} `],
    ["/var/log/nginx/dropmint.access.log ", `${path.join(site.dir, "access.log")} `],
  ];
  let text = readFileSync(NGINX_SITE_FILE, "utf8");
  for (const [from, to] of replacements) {
    if (text.split(from).length !== 2) throw new Error(`${NGINX_SITE_FILE} should contain "${from}" exactly once`);
    text = text.replace(from, to);
  }
  return text;
}

/** Stands in for Debian's /etc/nginx/nginx.conf: the site file inside `http`, everything in `dir`. */
function mainConfig(dir: string): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `    ${kind}_temp_path ${path.join(dir, `${kind}-temp`)};`)
    .join("\n");
  // As root, nginx's workers would otherwise run as `nobody`, which cannot write the cache here.
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  return `${user}worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
${temp}
    include ${path.join(dir, "dropmint.conf")};
}
`;
}

export type Nginx = { url: string; accessLog(): string; errorLog(): string; stop(): Promise<void> };

export async function startNginx(site: NginxSite): Promise<Nginx> {
  if (!existsSync(NGINX_PATH))
    throw new Error(
      `nginx is not at ${NGINX_PATH}: run \`node scripts/ensure-nginx.mjs\` (npm test does) or set NGINX_PATH`,
    );
  mkdirSync(path.join(site.dir, "cache"), { recursive: true });
  writeFileSync(path.join(site.dir, "dropmint.conf"), renderSiteConfig(site));
  writeFileSync(path.join(site.dir, "nginx.conf"), mainConfig(site.dir));
  const args = ["-p", site.dir, "-c", path.join(site.dir, "nginx.conf"), "-e", path.join(site.dir, "error.log")];
  const child = spawn(NGINX_PATH, [...args, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${site.listenPort}`;
  const read = (name: string) => () => readFileSync(path.join(site.dir, name), "utf8");
  for (const deadline = Date.now() + 10_000; ;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    if (
      await fetch(`${url}/api/health`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    accessLog: read("access.log"),
    errorLog: read("error.log"),
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT"); // graceful: finish the answers in progress
      await exited;
    },
  };
}
