// Reading a V8 CPU profile (.cpuprofile, as written by `node --cpu-prof`): self time per
// frame, and per place the code lives (our lib/, a package, node itself), so a bench can
// print where the time goes. `node --import tsx bench/cpu-profile.ts <file> [top]` prints
// one that another run wrote (bench:statements under --cpu-prof, for example).
import { readFileSync } from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

/**
 * Which samples count: the profile's last `lastMs` (a bench's own window, before the process
 * exited), or those between two instants of the monotonic clock in µs (`process.hrtime`
 * in any process of the machine is the profile's own clock).
 */
export type ProfileWindow = { lastMs: number } | { fromUs: number; toUs: number };

export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Self time per frame and per place, in ms, from a V8 .cpuprofile. */
export function summariseProfile(
  profile: CpuProfile,
  window: ProfileWindow = { lastMs: Infinity },
): {
  frames: Array<[string, number]>;
  places: Array<[string, number]>;
  totalMs: number;
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  const endUs = profile.startTime + profile.timeDeltas.reduce((sum, us) => sum + us, 0);
  const [fromUs, toUs] = "lastMs" in window ? [endUs - window.lastMs * 1000, endUs] : [window.fromUs, window.toUs];
  let atUs = profile.startTime;
  profile.samples.forEach((id, i) => {
    atUs += profile.timeDeltas[i] ?? 0;
    if (atUs >= fromUs && atUs <= toUs) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const frames = new Map<string, number>();
  const places = new Map<string, number>();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    totalUs += us;
    const file = url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
    const frame = `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`.trim();
    frames.set(frame, (frames.get(frame) ?? 0) + us);
    const place = placeOf(file, functionName);
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const sorted = (map: Map<string, number>) =>
    [...map].map(([k, us]) => [k, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
  return { frames: sorted(frames), places: sorted(places), totalMs: totalUs / 1000 };
}

function placeOf(file: string, functionName: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
  if (pkg) return pkg === "next" && file.includes("/.next/") ? "next (compiled app)" : pkg;
  if (file.startsWith(".next/")) return "the app's bundle (.next)";
  if (file.startsWith("node:") || file === "") return functionName.startsWith("(") ? functionName : "node internals";
  return file.split("/").slice(0, 2).join("/");
}

/** Prints the top frames by self time (idle left out) and the self time by place, of the samples in `window`. */
export function printProfileSummary(file: string, top: number, window?: ProfileWindow): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const { frames, places, totalMs } = summariseProfile(profile, window);
  const pct = (ms: number) => `${((ms / totalMs) * 100).toFixed(1).padStart(5)} %`;
  console.log(`${(totalMs / 1000).toFixed(1)} s sampled; top ${top} frames by self time:`);
  for (const [frame, ms] of frames.filter(([frame]) => !frame.startsWith("(idle)")).slice(0, top))
    console.log(`  ${pct(ms)}  ${frame}`);
  console.log("self time by place:");
  for (const [place, ms] of places.slice(0, 12)) console.log(`  ${pct(ms)}  ${place}`);
}

if (process.argv[1]?.endsWith("cpu-profile.ts") && process.argv[2])
  printProfileSummary(process.argv[2], Number(process.argv[3] ?? 10));
