// `npm run bench:drop` (and the last part of `npm run bench`): how `npm run drop` scales to a
// PFP collection. For 1,000 and 10,000 items (small PNGs, each its own colour so every hash
// differs) it times validate, create and an update that changes one item (every NFT row is
// rewritten) as a creator runs them (a child process, the embedded database and chain in a
// fresh DATA_DIR per size, so create also sets the database up), with the peak memory of each
// (every process the command starts, summed: bench/process-tree.ts), and the fixed start-up
// (the command with nothing to do). The goals are printed beside the figures: validate
// of 10,000 under 60 s, create under 5 minutes, memory under 512 MB, start-up under 3 s.
//
// The database set-up alone (`npm run db:migrate` on a fresh DATA_DIR) is its own line: the
// folder is written from the cluster `npm install` keeps (lib/db/pglite-start.ts) and migrated.
//
// BENCH_DROP_SIZES ("1000,10000") and BENCH_DROP_CREATE_MAX (10000: larger sizes are only
// validated) shape the run.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { watchTreeMemory } from "./process-tree";

const SIZES = (process.env.BENCH_DROP_SIZES ?? "1000,10000").split(",").map(Number);
const CREATE_MAX = Number(process.env.BENCH_DROP_CREATE_MAX ?? 10_000);
const GOALS = { validate10k: 60, create10k: 300, memoryMb: 512, startupS: 3 };
const TREASURY = "B2KfrgJ8p9mbKZRBqCEQsxzQjCXBTLKRF63PCQCWzy5d";

async function png(n: number): Promise<Buffer> {
  const background = { r: n & 255, g: (n >> 8) & 255, b: (n * 7) & 255 };
  return sharp({ create: { width: 32, height: 32, channels: 3, background } })
    .png()
    .toBuffer();
}

export async function writeFolder(size: number): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), `dropmint-bench-drop-${size}-`));
  const assets = path.join(folder, "assets");
  mkdirSync(assets);
  const config = {
    number: size,
    symbol: "BNCH",
    sellerFeeBasisPoints: 500,
    isMutable: true,
    isSequential: true,
    creators: [{ address: TREASURY, share: 100 }],
    uploadMethod: "bundlr",
    nftStorageAuthToken: null,
    shdwStorageAccount: null,
    hiddenSettings: null,
    guards: { default: { solPayment: { value: 0.1, destination: TREASURY } } },
  };
  writeFileSync(path.join(folder, "config.json"), JSON.stringify(config, null, 2));
  writeFileSync(path.join(folder, "dropmint.json"), JSON.stringify({ shortId: `bench-${size}` }));
  for (let n = 0; n < size; n++) {
    writeFileSync(path.join(assets, `${n}.png`), await png(n));
    const metadata = {
      name: `Bench #${n}`,
      description: "A bench item",
      image: `${n}.png`,
      attributes: [{ trait_type: "Tone", value: String(n % 17) }],
    };
    writeFileSync(path.join(assets, `${n}.json`), JSON.stringify(metadata));
  }
  writeFileSync(path.join(assets, "collection.png"), await png(size + 1));
  writeFileSync(
    path.join(assets, "collection.json"),
    JSON.stringify({ name: `Bench ${size}`, description: "Bench collection", image: "collection.png" }),
  );
  return folder;
}

/** peakMb: every process at once (the goal's measure); largestMb: the largest single process. */
type Run = { seconds: number; peakMb: number; largestMb: number; code: number; tail: string };

/**
 * `npm run drop -- <args>` (or another npm script), as a creator types it, under /usr/bin/time,
 * for its wall time and peak resident memory: the larger of the summed RSS of every process
 * it starts (npm, node, tsx's esbuild service; sampled) and time's exact peak of the largest one.
 */
function runDrop(args: string[], dataDir: string, script = "drop"): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn("/usr/bin/time", ["-f", "BENCH_TIME %e %M", "npm", "run", "--silent", script, "--", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const memory = watchTreeMemory(child.pid!);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    child.on("close", (code) => {
      const treePeakMb = memory.stop();
      const match = /BENCH_TIME ([\d.]+) (\d+)/.exec(output);
      const largestMb = match ? Number(match[2]) / 1024 : NaN;
      resolve({
        seconds: match ? Number(match[1]) : NaN,
        peakMb: Math.max(largestMb, treePeakMb),
        largestMb,
        code: code ?? 1,
        tail: output
          .replace(/BENCH_TIME.*\n?/, "")
          .trim()
          .split("\n")
          .slice(-3)
          .join(" | "),
      });
    });
  });
}

const mark = (ok: boolean) => (ok ? "✓" : "✗");

function print(label: string, run: Run, goalSeconds?: number) {
  const goal = goalSeconds === undefined ? "" : ` (goal < ${goalSeconds} s ${mark(run.seconds < goalSeconds)})`;
  const memory =
    `peak ${run.peakMb.toFixed(0)} MB (goal < ${GOALS.memoryMb} MB ${mark(run.peakMb < GOALS.memoryMb)}; ` +
    `largest process ${run.largestMb.toFixed(0)} MB)`;
  console.log(`${label.padEnd(26)} ${run.seconds.toFixed(1).padStart(7)} s${goal}  ${memory}`);
  if (run.code !== 0) console.log(`${"".padEnd(26)} exit ${run.code}: ${run.tail}`);
}

/** A fresh DATA_DIR for `run`, removed after it. */
async function withDataDir(run: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-bench-drop-data-"));
  try {
    await run(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Renames the last item, so `update` rewrites every NFT row (allowed before the first mint). */
function renameLastItem(folder: string, size: number): void {
  const file = path.join(folder, "assets", `${size - 1}.json`);
  const metadata = JSON.parse(readFileSync(file, "utf8")) as { name: string };
  writeFileSync(file, JSON.stringify({ ...metadata, name: `${metadata.name} (renamed)` }));
}

/** validate; then, up to BENCH_DROP_CREATE_MAX, create on a fresh DATA_DIR and update one item. */
async function benchSize(size: number): Promise<void> {
  const started = Date.now();
  const folder = await writeFolder(size);
  const writeSeconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n${size.toLocaleString("en-US")} items (folder written in ${writeSeconds} s)`);
  try {
    await withDataDir(async (dataDir) => {
      const goal = (seconds: number) => (size === 10_000 ? seconds : undefined);
      print(`validate ${size}`, await runDrop(["validate", folder], dataDir), goal(GOALS.validate10k));
      if (size > CREATE_MAX) return;
      print(`create ${size}`, await runDrop(["create", folder], dataDir), goal(GOALS.create10k));
      renameLastItem(folder, size);
      print(`update ${size} (1 changed)`, await runDrop(["update", folder], dataDir));
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Prints the drop command's figures for each size in BENCH_DROP_SIZES beside the goals. */
export async function benchDrop(): Promise<void> {
  console.log("\nnpm run drop at PFP scale (fresh DATA_DIRs; peak memory of all the command's processes)");
  await withDataDir(async (dataDir) => {
    const startup = await runDrop(["validate", path.join(dataDir, "no-such-folder")], dataDir);
    print("start-up (nothing to do)", startup, GOALS.startupS);
    print("database set-up", await runDrop([], dataDir, "db:migrate"));
  });
  for (const size of SIZES) await benchSize(size);
}

// `npm run bench:drop` runs this file alone; `npm run bench` imports it and calls benchDrop last.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await benchDrop();
