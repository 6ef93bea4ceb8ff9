// Runs jobs a few at a time. File work (reads, atomic writes with their fsyncs) waits on the
// disk, so it runs wide; sharp decodes and encodes on libuv's thread pool, so a limiter keeps
// those to a handful at once: the cores stay busy without holding every image of a large
// drop in memory.
export async function runPool(jobs: ReadonlyArray<() => Promise<void>>, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
}

/** At most `concurrency` calls of the returned function run at once; the others wait their turn. */
export function limiter(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
