// The load generator's own process (started by bench/load.ts): runs each job it is sent
// with autocannon and sends back every latency, so the site is measured by a client that
// does not share its event loop with the harness, the site or the key signing.
//
// A job is either timed (every connection cycles through the requests for `durationMs`)
// or a fixed list sent exactly once each (prepares and executes change state, so each is
// a request of its own). Latencies are kept one by one: the bench reports the exact median
// and p95, which autocannon's own summary does not have (p90, p97.5).
import autocannon from "autocannon";
import type { LoadAnswer, LoadJob, LoadOutcome, LoadRequest } from "./load";

type RequestContext = { index?: number };

function run(job: LoadJob): Promise<LoadOutcome> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const once = job.durationMs === undefined;
  const answers: Array<LoadAnswer | null> | undefined = once ? new Array(job.requests.length).fill(null) : undefined;
  let next = 0;
  // The request just answered: autocannon calls onResponse and then, synchronously, emits "response" with its latency.
  let answered: number | undefined;

  const asAutocannon = (request: LoadRequest, base: autocannon.Request): autocannon.Request => ({
    ...base,
    method: request.method ?? "GET",
    path: request.path,
    headers: {
      ...base.headers,
      ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
      ...request.headers,
    },
    body: request.body,
  });
  const requests: autocannon.Request[] = once
    ? [
        {
          // One shared queue: whichever connection is free sends the next request.
          setupRequest: (base, context) => {
            const index = next++;
            (context as RequestContext).index = index;
            return asAutocannon(job.requests[index]!, base);
          },
          onResponse: (status, body, context) => {
            answered = (context as RequestContext).index!;
            answers![answered] = { status, ms: NaN, endedAt: Date.now(), ...(job.keepBodies ? { body } : {}) };
          },
        },
      ]
    : job.requests.map((request) => asAutocannon(request, {}));

  const connections = once ? Math.max(1, Math.min(job.connections, job.requests.length)) : job.connections;
  const startedAt = Date.now();
  const t0 = performance.now();
  let lastAnswer = t0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        // Several URLs: connection i talks to urls[i % urls.length] (instances behind one balancer).
        url: (job.urls.length === 1 ? job.urls[0]! : job.urls) as string,
        connections,
        ...(once ? { amount: job.requests.length } : { duration: job.durationMs! / 1000 }),
        requests,
        timeout: job.timeoutSeconds ?? 30,
        // autocannon notices the end on its sampling tick; a short tick ends bursts promptly.
        sampleInt: 100,
      } as autocannon.Options,
      (error) => {
        if (error) return reject(error);
        resolve({
          latencies,
          statuses,
          errors,
          startedAt,
          elapsedMs: lastAnswer - t0,
          ...(answers ? { answers } : {}),
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      lastAnswer = performance.now();
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (answered !== undefined) answers![answered]!.ms = responseTime;
      answered = undefined;
    });
    instance.on("reqError", () => errors++);
  });
}

process.on("message", (message: { id: number; job: LoadJob }) => {
  run(message.job).then(
    (outcome) => process.send!({ id: message.id, outcome }),
    (error: unknown) =>
      process.send!({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));
