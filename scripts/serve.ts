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

await app.prepare();
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
  // The runtime lives on globalThis (lib/server/runtime.ts), created by the app itself.
  const runtime = await (globalThis as { __dropmintRuntime?: Promise<{ close(): Promise<void> }> }).__dropmintRuntime?.catch(() => null);
  await runtime?.close().catch((error: unknown) => console.error("while closing:", error));
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
