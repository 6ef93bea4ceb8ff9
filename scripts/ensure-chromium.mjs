// End-to-end tests drive the system's Chromium (Debian's package), so the suite needs no
// browser download of Playwright's own (see README). Installs it with apt-get when missing and
// we may (root); otherwise says exactly what to do.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const executable = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (existsSync(executable)) process.exit(0);

const canInstall = process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
if (canInstall) {
  console.log("Chromium is missing: installing Debian's chromium package for the end-to-end tests…");
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { stdio: "inherit" }).status === 0;
  if (install() || (spawnSync("apt-get", ["update"], { stdio: "inherit" }).status === 0 && install())) {
    if (existsSync(executable)) process.exit(0);
  }
}
console.error(
  `The end-to-end tests need Chromium at ${executable}.\n` +
    "Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or point CHROMIUM_PATH at a Chromium binary.",
);
process.exit(1);
