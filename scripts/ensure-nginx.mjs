// The topology smoke test (tests/smoke/topology.test.ts) puts Debian's nginx in front of two
// instances, as deploy/ documents. Installs it with apt-get when missing and we may (root);
// otherwise says exactly what to do. The test runs its own nginx (own prefix, config and
// ports, as the current user); a service the package may start on port 80 is not used.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const executable = process.env.NGINX_PATH || "/usr/sbin/nginx";
if (existsSync(executable)) process.exit(0);

const canInstall = process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
if (canInstall) {
  console.log("nginx is missing: installing Debian's nginx-light package for the topology smoke test…");
  const install = (name) =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", name], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  // nginx-light (Debian 12) is the smallest build with the proxy, upstream and cache modules;
  // later releases fold it into `nginx`.
  const installed = () => install("nginx-light") || install("nginx");
  if (installed() || (spawnSync("apt-get", ["update"], { stdio: "inherit" }).status === 0 && installed())) {
    if (existsSync(executable)) process.exit(0);
  }
}
console.error(
  `The topology smoke test needs nginx at ${executable}.\n` +
    "Install it (Debian/Ubuntu: `sudo apt-get install -y nginx-light`, or `nginx`) or point NGINX_PATH at an nginx binary.",
);
process.exit(1);
