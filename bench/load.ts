// A closed-loop HTTP load generator: `concurrency` workers each send the next request as
// soon as the previous one answers, for `durationMs`. Hand-written rather than autocannon
// because we report the exact median and p95 (autocannon's summary has p90 and p97.5) and
// need nothing else.
export type LoadResult = { requests: number; errors: number; rps: number; p50: number; p95: number; p99: number; statuses: Record<number, number> };

export async function runLoad(url: string, options: { concurrency: number; durationMs: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await fetch(url, { headers: options.headers });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status >= 400) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors, rps: (latencies.length / elapsed) * 1000, p50: at(0.5), p95: at(0.95), p99: at(0.99), statuses };
}
