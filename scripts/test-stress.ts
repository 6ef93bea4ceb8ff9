// npm run test:stress [-- --runs N] [-- --alone] [-- <vitest paths>]: the API suites (by default) run N
// times in a row (5 by default) beside a CPU hog that keeps every core busy, each run in a
// new random order (its seed printed, so a failure can be replayed with
// `npx vitest run <paths> --sequence.shuffle --sequence.seed <seed>`). Fails when any test
// of any run fails: a test that fails one run in ten costs every later submission, and a
// saturated machine is where such a test shows itself. With --alone, each test file runs
// by itself instead (once per run), which finds a file that passes only after another.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";

type Outcome = { seconds: number; passed: number; failed: number; skipped: number; failures: string[] };
type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string }> }>;
};

const DEFAULT_PATHS = ["tests/api"];
const ROOT = path.resolve(import.meta.dirname, "..");

function parseArgs(argv: string[]): { runs: number; alone: boolean; paths: string[] } {
  const runsAt = argv.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 5;
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1");
  const alone = argv.includes("--alone");
  const paths = argv.filter((arg, i) => arg !== "--runs" && arg !== "--alone" && (runsAt < 0 || i !== runsAt + 1));
  return { runs, alone, paths: paths.length > 0 ? paths : DEFAULT_PATHS };
}

/** The test files under `paths`, for --alone. */
function testFiles(paths: string[]): string[] {
  const list = (entry: string): string[] =>
    statSync(path.join(ROOT, entry)).isDirectory()
      ? readdirSync(path.join(ROOT, entry)).flatMap((name) => list(path.join(entry, name)))
      : entry.endsWith(".test.ts")
        ? [entry]
        : [];
  return paths.flatMap(list).sort();
}

/** One busy loop per core, at the same priority as the tests: what a shared CI machine feels like. */
function startCpuHog(): ChildProcess[] {
  return Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
}

function runVitest(paths: string[], seed: number, reportFile: string): Promise<number> {
  const args = ["vitest", "run", ...paths, "--sequence.shuffle", `--sequence.seed=${seed}`];
  args.push("--reporter=dot", "--reporter=json", `--outputFile.json=${reportFile}`);
  const child = spawn("npx", args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, CI: "true" } });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

function readOutcome(reportFile: string, seconds: number): Outcome {
  try {
    const report = JSON.parse(readFileSync(reportFile, "utf8")) as VitestJson;
    const failures = report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === "failed")
        .map((test) => `${path.relative(ROOT, file.name)} › ${test.fullName}`),
    );
    const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped } = report;
    return { seconds, passed, failed, skipped, failures };
  } catch {
    return { seconds, passed: 0, failed: 1, skipped: 0, failures: ["(the run ended without a report)"] };
  }
}

async function main(): Promise<void> {
  const { runs, alone, paths } = parseArgs(process.argv.slice(2));
  // Each run is one vitest invocation, or with --alone one per file (their outcomes summed).
  const groups = alone ? testFiles(paths).map((file) => [file]) : [paths];
  const hog = startCpuHog();
  const stopHog = () => hog.forEach((child) => child.kill("SIGKILL"));
  process.on("exit", stopHog);
  const dir = mkdtempSync(path.join(tmpdir(), "dropmint-stress-"));
  const outcomes: Array<Outcome & { seed: number }> = [];
  const how = alone ? `${groups.length} files, each alone,` : paths.join(" ");
  console.log(`test:stress: ${runs} runs of ${how} beside ${hog.length} busy loops`);
  try {
    for (let run = 1; run <= runs; run++) {
      const seed = Math.floor(Math.random() * 1_000_000);
      console.log(`\n— run ${run}/${runs}, order seed ${seed}`);
      const started = performance.now();
      const parts: Outcome[] = [];
      for (const [index, group] of groups.entries()) {
        const report = path.join(dir, `run-${run}-${index}.json`);
        const exit = await runVitest(group, seed, report);
        const outcome = readOutcome(report, 0);
        if (exit !== 0 && outcome.failed === 0) outcome.failures.push(`${group.join(" ")}: vitest exited with ${exit}`);
        parts.push(outcome);
      }
      outcomes.push({ ...sumOutcomes(parts), seconds: (performance.now() - started) / 1000, seed });
    }
  } finally {
    stopHog();
    rmSync(dir, { recursive: true, force: true });
  }
  printSummary(outcomes);
  if (outcomes.some((o) => o.failures.length > 0)) process.exit(1);
}

function sumOutcomes(parts: Outcome[]): Outcome {
  return parts.reduce(
    (sum, part) => ({
      seconds: 0,
      passed: sum.passed + part.passed,
      failed: sum.failed + part.failed,
      skipped: sum.skipped + part.skipped,
      failures: [...sum.failures, ...part.failures],
    }),
    { seconds: 0, passed: 0, failed: 0, skipped: 0, failures: [] },
  );
}

function printSummary(outcomes: Array<Outcome & { seed: number }>): void {
  console.log("\ntest:stress summary (run, seconds, passed, failed, skipped, order seed)");
  outcomes.forEach((o, i) => {
    console.log(`  ${i + 1}  ${o.seconds.toFixed(0)} s  ${o.passed}  ${o.failed}  ${o.skipped}  seed ${o.seed}`);
    for (const failure of o.failures) console.log(`       ✗ ${failure}`);
  });
  const failedRuns = outcomes.filter((o) => o.failures.length > 0).length;
  console.log(failedRuns === 0 ? "every run passed" : `${failedRuns} of ${outcomes.length} runs failed`);
}

await main();
