// Waiting for a runtime to have heard the database's change announcements, without sleeping:
// PostgreSQL delivers notifications to a listener in commit order, so a marker sent now
// (through any connection) arrives after every announcement committed before it.
import type { Runtime } from "@/lib/server/runtime";

const MARKER_CHANNEL = "dropmint_test_marker";

export async function announcementsHeard(listener: Runtime, sender: Runtime = listener, withinMs = 10_000) {
  const marker = `${Date.now()}:${Math.random()}`;
  let heard = false;
  const stop = await listener.database.changes.listen(MARKER_CHANNEL, (payload) => (heard ||= payload === marker));
  try {
    await sender.database.runner.query("SELECT pg_notify($1, $2)", [MARKER_CHANNEL, marker]);
    const started = performance.now();
    while (!heard) {
      if (performance.now() - started > withinMs) throw new Error(`announcements not heard within ${withinMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await stop();
  }
}
