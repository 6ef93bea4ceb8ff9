// The memory of a process and everything it starts, sampled from /proc (Linux): the drop
// command's node process, tsx's esbuild service, and any child a command forks. GNU time's
// %M is only the largest single process; the sum of the tree is what the machine must hold.
// Also the CPU time of the site, PostgreSQL and the bench itself, to say who kept the cores busy.
import { readdirSync, readFileSync } from "node:fs";

type ProcessEntry = { ppid: number; comm: string; cpuMs: number };

/** Every live process's parent, name and CPU time so far (user + system; Linux's 100 ticks a second). */
function readProcesses(): Map<number, ProcessEntry> {
  const processes = new Map<number, ProcessEntry>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      // The fields after "(comm)": state, the parent's pid, ...; utime is the 12th and stime the 13th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      processes.set(Number(entry), {
        ppid: Number(fields[1]),
        comm,
        cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return processes;
}

/** Every live descendant of `root`, itself included. */
function treeOf(root: number, processes = readProcesses()): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of processes) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
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

export type CpuGroups = { site: number; postgres: number; bench: number; other: number };

/**
 * CPU time (ms) so far by who used it: the site (`site`'s process tree), PostgreSQL's
 * processes, this bench (its own tree without the site: the load generator, the wallets'
 * signing) and everything else. Two samples' difference over the wall time between them
 * says which of them the cores were busy with.
 */
export function cpuByGroup(site: number): CpuGroups {
  const processes = readProcesses();
  const siteTree = new Set(treeOf(site, processes));
  const benchTree = new Set(treeOf(process.pid, processes));
  const groups: CpuGroups = { site: 0, postgres: 0, bench: 0, other: 0 };
  for (const [pid, { comm, cpuMs: ms }] of processes) {
    if (siteTree.has(pid)) groups.site += ms;
    else if (comm === "postgres") groups.postgres += ms;
    else if (benchTree.has(pid)) groups.bench += ms;
    else groups.other += ms;
  }
  return groups;
}

/** "site 96%, PostgreSQL 23%, …" of one core, from two samples `wallMs` apart. */
export function describeCpuShare(before: CpuGroups, after: CpuGroups, wallMs: number, cores: number): string {
  const share = (key: keyof CpuGroups) => `${Math.round(((after[key] - before[key]) / wallMs) * 100)}%`;
  return [
    `site ${share("site")}`,
    `PostgreSQL ${share("postgres")}`,
    `the bench (load generator, wallets' signing) ${share("bench")}`,
    `other ${share("other")}`,
    `of one core each; ${cores} cores = ${cores * 100}%`,
  ].join(", ");
}
