// Runs jobs a few at a time: sharp decodes and encodes on libuv's thread pool, so a handful
// at once keeps the cores busy without holding every image of a large drop in memory.
export async function runPool(jobs: ReadonlyArray<() => Promise<void>>, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
}
