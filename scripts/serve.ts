// Serves the production build: `npm run serve` (and `npm start`, which builds first).
//
// Why not plain `next start`: it keeps a client-sent X-Forwarded-For as it is, so a client
// could pick its own rate-limit bucket. Here every request gets the socket address
// appended, the entry lib/api/rate-limit.ts trusts. Shutdown closes the runtime (chain
// state persisted, embedded database closed cleanly) before the process exits.
import { createServer } from "node:http";
import next from "next";
import { getConfig } from "../lib/config";

const config = getConfig();
const hostname = process.env.HOST ?? "0.0.0.0";
const app = next({ dev: false, hostname, port: config.port, dir: process.cwd() });
const handle = app.getRequestHandler();

type RuntimeHandle = { close(): Promise<void> };
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

try {
  await app.prepare();
  await waitForRuntime();
} catch (error) {
  // Fail fast with the reason (busy data folder, bad database URL…) instead of serving 500s.
  console.error(`Dropmint could not start: ${error instanceof Error ? error.message.replace(/^An error occurred while loading instrumentation hook: /, "") : String(error)}`);
  process.exit(1);
}

const server = createServer((request, response) => {
  const peer = request.socket.remoteAddress ?? "unknown";
  const forwarded = request.headers["x-forwarded-for"];
  request.headers["x-forwarded-for"] = forwarded ? `${String(forwarded)}, ${peer}` : peer;
  void handle(request, response);
});
server.listen(config.port, hostname, () => {
  console.log(`Dropmint is ready on ${config.publicUrl} (cluster ${config.cluster}, ${config.databaseUrl ? "PostgreSQL" : "embedded PGlite"} database)`);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: shutting down`);
  server.close();
  const runtime = await runtimeSlot.__dropmintRuntime?.catch(() => null);
  await runtime?.close().catch((error: unknown) => console.error("while closing:", error));
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
