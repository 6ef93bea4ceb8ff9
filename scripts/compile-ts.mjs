// Runs a TypeScript entry without tsx: esbuild compiles it and the project files it imports
// into one ES module, once per start, and this process imports that. The server
// (scripts/serve.mjs) and the CLIs (scripts/run.mjs) start this way.
//
// Why not tsx (measured, issue 27): tsx turns source maps on for the whole process, so Node
// parses and keeps the map of every module it loads (about 90 MB of the server's JS heap),
// and it runs its module hooks on a thread of their own, a second JavaScript engine. An idle
// server held 600-660 MB under tsx and 470-500 MB without. `npm run drop -- show` took 3.4 s
// under tsx and 2.3 s this way, of which esbuild is about 0.35 s.
//
// The compiled file goes to the temporary folder (a deployment's code folder may be
// read-only), so every package it imports is written as its resolved absolute URL, and each
// project file keeps its own import.meta.url, dirname and filename, as it has under tsx:
// a script still finds the files beside it and still knows whether it is the entry.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, stop } from "esbuild";

const packagesByUrl = {
  name: "packages-by-url",
  setup(esbuild) {
    // Relative paths and tsconfig's "@/" aliases are bundled; packages stay external, by their resolved URL.
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@/") ? undefined : { path: import.meta.resolve(args.path), external: true },
    );
  },
};

const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;
const importMetaOfSource = {
  name: "import-meta-of-source",
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta")) return undefined;
      const meta = { url: pathToFileURL(args.path).href, dirname: path.dirname(args.path), filename: args.path };
      const loader = /\.[cm]?tsx?$/.test(args.path) ? (args.path.endsWith("x") ? "tsx" : "ts") : "js";
      return { contents: source.replace(IMPORT_META, (_, key) => JSON.stringify(meta[key])), loader };
    });
  },
};

/** Compiles `entry` (a path to a .ts file) and imports it: its top level runs now. */
export async function importCompiled(entry) {
  const { outputFiles } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: "entry.mjs",
    plugins: [packagesByUrl, importMetaOfSource],
    logLevel: "warning",
  });
  await stop(); // esbuild's own process is not needed again

  const compiled = path.join(tmpdir(), `dropmint-${path.basename(entry, ".ts")}-${process.pid}.mjs`);
  writeFileSync(compiled, outputFiles[0].contents);
  // Read once, when imported; removed then, or at exit when the start fails first (process.exit).
  const remove = () => rmSync(compiled, { force: true });
  process.once("exit", remove);
  return import(pathToFileURL(compiled).href).finally(remove);
}
