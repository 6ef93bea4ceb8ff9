// `node scripts/run.mjs scripts/<cli>.ts ...args`: how package.json runs the CLIs an operator
// or a creator types (drop, keys, backup, the migrator, the seed, the local validator).
// The script is compiled once by esbuild and runs in this process, without tsx
// (scripts/compile-ts.mjs says why). It sees the arguments as under tsx: process.argv[1] is
// the script itself, so its entry check (scripts/cli-run.ts, isEntryPoint) still holds.
import path from "node:path";
import { importCompiled } from "./compile-ts.mjs";

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node scripts/run.mjs <script.ts> [arguments...]");
  process.exit(2);
}
const entry = path.resolve(script);
process.argv = [process.argv[0], entry, ...args];
await importCompiled(entry);
