// The memory of a process and everything it starts, sampled from /proc (Linux): the drop
// command's node process, tsx's esbuild service, and any child a command forks. GNU time's
// %M is only the largest single process; the sum of the tree is what the machine must hold.
import { readdirSync, readFileSync } from "node:fs";

/** Every live descendant of `root`, itself included. */
function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The fields after "(comm)": state, then the parent's pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree: number[] = [];
  for (const queue = [root]; queue.length > 0;) {
    const pid = queue.pop()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function rssKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Samples the summed RSS of `root`'s descendants (not `root` itself: a wrapper such as
 * /usr/bin/time) every `everyMs` until stopped; `stop()` returns the peak in MB.
 */
export function watchTreeMemory(root: number, everyMs = 50): { stop(): number } {
  let peakKb = 0;
  const sample = () => {
    const descendants = treeOf(root).filter((pid) => pid !== root);
    peakKb = Math.max(
      peakKb,
      descendants.reduce((sum, pid) => sum + rssKb(pid), 0),
    );
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    stop() {
      clearInterval(timer);
      return peakKb / 1024;
    },
  };
}
