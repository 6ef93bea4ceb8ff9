// Serves the production build: `npm run serve` (and `npm start`, which builds first).
//
// Why not plain `next start`: it keeps a client-sent X-Forwarded-For as it is, so a client
// could pick its own rate-limit bucket. Here every request gets the socket address
// appended, the entry lib/api/budgets.ts (clientIp) trusts. Shutdown closes the runtime (chain
// state persisted, embedded database closed cleanly) before the process exits.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { setFlagsFromString } from "node:v8";
import next from "next";
import { clientIpOf } from "../lib/api/budgets";
import { drainAndClose } from "../lib/api/drain";
import { earlyRefusal } from "../lib/api/early-refusals";
import { handleApiError } from "../lib/api/handle-error";
import {
  admitHostedPage,
  hostedPageRoute,
  isCdnCacheablePage,
  isHostedPage,
  PAGE_CACHE_CONTROL,
} from "../lib/api/page-limits";
import { recordRequest, REQUEST_ID_HEADER, requestIdOf } from "../lib/api/request-observation";
import { withLogContext } from "../lib/log";
import type { Runtime } from "../lib/server/runtime";
import { getConfig } from "../lib/config";
import { applyHttpTimeouts } from "../lib/server/http-timeouts";

// The JS heap grows to at most 1.5× what a full collection left live (issue 27). V8's own factor reaches
// 4× at a quiet start, and after a mint burst kept about 650 MB of heap for 180 MB live: most of
// the instance's resident memory. Read at every collection, so setting it here, before the app
// loads, takes effect; the cost is more frequent full collections under a burst.
setFlagsFromString("--heap-growing-percent=50");

const config = getConfig();
const hostname = process.env.HOST ?? "0.0.0.0";
const app = next({ dev: false, hostname, port: config.port, dir: process.cwd() });
const handle = app.getRequestHandler();

type RuntimeHandle = Runtime;
// The runtime lives on globalThis (lib/server/runtime.ts), created by the app itself in
// its instrumentation hook during prepare(); this process only waits for it.
const runtimeSlot = globalThis as { __dropmintRuntime?: Promise<RuntimeHandle> };

async function waitForRuntime(): Promise<RuntimeHandle> {
  const deadline = Date.now() + 10_000;
  while (!runtimeSlot.__dropmintRuntime) {
    if (Date.now() > deadline) throw new Error("the app did not start its runtime (instrumentation hook missing?)");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return runtimeSlot.__dropmintRuntime;
}

let runtime: RuntimeHandle;
try {
  await app.prepare();
  runtime = await waitForRuntime();
} catch (error) {
  // Fail fast with the reason (busy data folder, bad database URL…) instead of serving 500s.
  console.error(
    `Dropmint could not start: ${error instanceof Error ? error.message.replace(/^An error occurred while loading instrumentation hook: /, "") : String(error)}`,
  );
  process.exit(1);
}

const server = createServer((request, response) => {
  const peer = request.socket.remoteAddress ?? "unknown";
  const forwarded = request.headers["x-forwarded-for"];
  request.headers["x-forwarded-for"] = forwarded ? `${String(forwarded)}, ${peer}` : peer;
  closeAfterUnreadBody(response);
  closeWhenDraining(response);
  if (isCdnCacheablePage(request.method, request.url, request.headers.rsc !== undefined)) cacheOnCdn(response);
  // A malformed path or a method the path does not answer: Next would answer a bare 500 or 405.
  const refusal = earlyRefusal(request.method ?? "GET", request.url ?? "/");
  if (refusal) {
    request.resume(); // drain any body, then answer
    void send(response, refusal);
    return;
  }
  if (isHostedPage(request.method, request.url)) {
    void observeHostedPage(request, response);
    return;
  }
  void handle(request, response);
});

/**
 * Drop pages, collectors' pages and NFT metadata are observed like API requests (lib/api/request-observation.ts):
 * an X-Request-Id, one log line, and their count and latency under their route's template.
 */
function observeHostedPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const started = performance.now();
  const forwarded = request.headers["x-request-id"];
  const requestId = requestIdOf(Array.isArray(forwarded) ? forwarded[0] : forwarded);
  response.setHeader(REQUEST_ID_HEADER, requestId);
  const path = (request.url ?? "/").split(/[?#]/, 1)[0]!;
  response.once("finish", () =>
    withLogContext({ requestId }, () =>
      recordRequest({
        route: hostedPageRoute(path),
        ...{ method: request.method ?? "GET", status: response.statusCode, path, ms: performance.now() - started },
      }),
    ),
  );
  return withLogContext({ requestId }, () => handleHostedPage(request, response));
}

/** Drop pages, collectors' pages and NFT metadata: the client's place, budget and admission first (lib/api/page-limits.ts). */
async function handleHostedPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const forwarded = request.headers["x-forwarded-for"];
  const ip = clientIpOf(Array.isArray(forwarded) ? forwarded.join(",") : forwarded, config.trustedProxyHops);
  let leave: () => void;
  try {
    leave = await admitHostedPage(runtime, ip);
  } catch (error) {
    await send(response, handleApiError(error));
    return;
  }
  response.once("close", leave);
  await handle(request, response);
}

/**
 * A body refused as too large (413) or too slow (408) is left unread: keeping the connection
 * would read its rest as the next request, and that request would hang. Such answers close
 * the connection.
 */
function closeAfterUnreadBody(response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    if (statusCode === 413 || statusCode === 408) response.setHeader("Connection", "close");
    return writeHead(statusCode, ...rest);
  }) as typeof response.writeHead;
}

/**
 * Once draining, every answer closes its connection: a proxy in front (deploy/nginx) keeps
 * connections alive, and one kept to a draining instance would bring it new prepares, each
 * refused 503. Closed, the proxy's next connection is refused and it picks another instance.
 */
function closeWhenDraining(response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    if (closing) response.setHeader("Connection", "close");
    return writeHead(...args);
  }) as typeof response.writeHead;
}

/**
 * Next.js marks dynamic pages uncacheable; a successful drop or collector's page gets the
 * CDN policy instead (lib/api/page-limits.ts says why it is safe). Other statuses (a wrong
 * link's 404) keep Next's.
 */
function cacheOnCdn(response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    if (statusCode === 200) {
      response.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
      // Headers handed to writeHead itself win over setHeader: replace the framework's there too.
      for (const headers of rest) {
        if (!headers || typeof headers !== "object" || Array.isArray(headers)) continue;
        for (const name of Object.keys(headers))
          if (name.toLowerCase() === "cache-control") (headers as Record<string, unknown>)[name] = PAGE_CACHE_CONTROL;
      }
    }
    return writeHead(statusCode, ...rest);
  }) as typeof response.writeHead;
}

async function send(response: ServerResponse, answer: Response): Promise<void> {
  response.writeHead(answer.status, { ...Object.fromEntries(answer.headers), "X-Content-Type-Options": "nosniff" });
  response.end(Buffer.from(await answer.arrayBuffer()));
}
applyHttpTimeouts(server); // headers in seconds, requests in seconds: lib/server/http-timeouts.ts

server.listen(config.port, hostname, () => {
  console.log(
    `Dropmint is ready on ${config.publicUrl} (cluster ${config.cluster}, ${config.databaseUrl ? "PostgreSQL" : "embedded PGlite"} database)`,
  );
});

// SIGTERM drains (lib/api/drain.ts): no new connections, no new prepares; the mints in
// progress finish, then the runtime closes (chain state persisted, embedded database closed
// cleanly) and the process exits.
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: draining, then shutting down`);
  // Stops accepting; requests in progress on open connections go on. Resolves once every connection has ended.
  const connectionsEnded = new Promise<void>((resolve) => server.close(() => resolve()));
  const runtime = await runtimeSlot.__dropmintRuntime?.catch(() => null);
  if (runtime) {
    await drainAndClose(runtime, { timeoutMs: config.drainTimeoutMs }).catch((error: unknown) =>
      console.error("while closing:", error),
    );
  }
  // The last answers reach their sockets before the process exits; a connection still open after 5 s is cut.
  server.closeIdleConnections();
  await Promise.race([connectionsEnded, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
