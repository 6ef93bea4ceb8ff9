// Slow clients (threat model 4b) at the HTTP server: Node's defaults let a client take 60 s
// to send its headers and 300 s to send its request. The production server (scripts/serve.ts)
// applies these instead. The app reads bodies with a tighter deadline of its own
// (REQUEST_BODY_TIMEOUT_MS, before the admission gate: lib/api/request-input.ts), so these
// are the outer bound. Node enforces them on its connection check (every 30 s by default),
// so a stalled connection ends between the timeout and 30 s after it.
//
// keepAliveTimeout stays Node's 5 s: it is what the server announces (`Keep-Alive:
// timeout=5`) and what fetch (undici) clients follow, closing an idle connection a second
// before the server would; a server that closed sooner would close connections under
// clients that are reusing them ("other side closed").
import type { Server } from "node:http";

/** A client must send its whole request head within this. */
export const HEADERS_TIMEOUT_SECONDS = 10;
/** A client must send its whole request (head and body) within this. */
export const REQUEST_TIMEOUT_SECONDS = 30;

export function applyHttpTimeouts(server: Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_SECONDS * 1000;
  server.requestTimeout = REQUEST_TIMEOUT_SECONDS * 1000;
}
