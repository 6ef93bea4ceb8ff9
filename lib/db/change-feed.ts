// How an instance hears that data behind its in-memory caches changed.
//
// - Every instance: triggers (migration 20261123233000_change_notifications) pg_notify on
//   commit when a drop, a phase, a counted NFT or an API key changes, whoever changed it;
//   each instance LISTENs. On PGlite the notification is delivered before the committing
//   query returns; on PostgreSQL it arrives on a dedicated connection moments after.
// - This process: every write made through its own Prisma client is reported as soon as it
//   returns, so a read that follows a write here never sees the cache from before it (the
//   PostgreSQL notification would arrive a moment later).
// A dropped listening connection may have missed notifications: `onGap` is called, and the
// caller forgets everything it cached.
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { createLogger } from "@/lib/log";

const log = createLogger("db");

export type Unsubscribe = () => Promise<void>;
export type ChangeHandlers = { onChange(payload: string): void; onGap(): void };

/** What a write through this process's Prisma client did. `result` is the record, for single-record operations. */
export type WriteEvent = { model: string; operation: string; args: Record<string, unknown>; result: unknown };
export type WriteListener = (event: WriteEvent) => void;

export const WRITE_OPERATIONS: ReadonlySet<string> = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);

/** PGlite runs in this process: its listeners are called synchronously on commit. */
export async function listenPglite(client: PGlite, channel: string, handlers: ChangeHandlers): Promise<Unsubscribe> {
  return client.listen(channel, handlers.onChange);
}

const RECONNECT_MS = [100, 500, 2_000, 5_000];

/**
 * One connection per subscription, kept open and reconnected with backoff; after a
 * reconnect, `onGap` tells the caller what it may have missed.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: ChangeHandlers,
): Promise<Unsubscribe> {
  let closed = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onChange(message.payload ?? "");
    });
    next.on("error", (error) => log.warn(`listening on ${channel} failed; reconnecting`, error));
    next.on("end", () => {
      if (closed || client !== next) return;
      client = null;
      handlers.onGap();
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    client = next;
    attempt = 0;
  };
  const scheduleReconnect = () => {
    if (closed) return;
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => {
      connect().then(
        () => handlers.onGap(), // whatever happened while away is unknown
        () => scheduleReconnect(),
      );
    }, delay);
    timer.unref();
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
