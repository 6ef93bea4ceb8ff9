// `npm run serve` starts here: scripts/serve.ts compiled once by esbuild and run in this
// process, without tsx. Measured on an idle site (issue 27): 600-660 MB resident under
// `node --import tsx`, 470-500 MB without. tsx turns source maps on for the whole process,
// so Node parses and keeps the map of every chunk of the Next.js build it loads (about 90 MB
// of JS heap), and it runs its module hooks on a thread of their own, a second JavaScript
// engine (about 30 MB). The server needs TypeScript for this first file only.
//
// MALLOC_ARENA_MAX=2 (package.json, deploy/systemd): glibc gives every thread that allocates
// (libuv's pool, V8's workers, litesvm) an arena of its own, each keeping freed memory.
//
// The compiled file goes to the temporary folder (a deployment's code folder may be
// read-only), so every package it imports is written as its resolved absolute URL.
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, stop } from "esbuild";

const entry = path.join(import.meta.dirname, "serve.ts");
const packagesByUrl = {
  name: "packages-by-url",
  setup(esbuild) {
    // Relative paths and tsconfig's "@/" aliases are bundled; packages stay external, by their resolved URL.
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@/") ? undefined : { path: import.meta.resolve(args.path), external: true },
    );
  },
};
const { outputFiles } = await build({
  entryPoints: [entry],
  bundle: true,
  write: false,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: "serve.mjs",
  plugins: [packagesByUrl],
  logLevel: "warning",
});
await stop(); // esbuild's own process is not needed again

const compiled = path.join(tmpdir(), `dropmint-serve-${process.pid}.mjs`);
writeFileSync(compiled, outputFiles[0].contents);
// Read once, when imported; removed then, or at exit when the start fails first (process.exit).
const remove = () => rmSync(compiled, { force: true });
process.once("exit", remove);
await import(pathToFileURL(compiled).href).finally(remove);
