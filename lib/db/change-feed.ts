// How an instance hears that data behind its in-memory caches changed.
//
// - Every instance: triggers (migration 20261123233000_change_notifications and its
//   followers) pg_notify on commit when a drop, a phase, an NFT, a mint, a wallet's rows or
//   an API key changes, whoever changed it; each instance LISTENs. On PGlite the
//   notification is delivered before the committing query returns; on PostgreSQL it arrives
//   on a dedicated connection moments after, and never before its transaction is visible to
//   new snapshots (the server signals listeners only after the commit is in the proc array).
// - This process: every write made through its own Prisma client is reported as soon as it
//   returns (lib/db/client.ts). Inside a transaction that report comes before the write is
//   visible, so a read in between may cache the old value: the trigger's own announcement
//   after the commit forgets it again. An early announcement is therefore harmless; a lost
//   one is not, and that is what this module watches for.
//
// On PostgreSQL one connection listens to every channel. It is lost when it ends or fails
// (a restarted server, a terminated backend), and also when it goes quiet: a heartbeat
// notification sent through it every HEARTBEAT_MS must come back within HEARTBEAT_TIMEOUT_MS,
// which catches a connection that died without a word (a half-open socket). A loss is a gap:
// every subscriber is told (`down: true`) and must forget and keep nothing, since nothing
// can be heard; the feed reconnects with backoff and then says so (`down: false`), and the
// subscriber forgets again whatever was announced while it was away.
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { createLogger } from "@/lib/log";

const log = createLogger("db");

export type Unsubscribe = () => Promise<void>;
/** A change announced on a channel: its payload (a drop id, "<drop id>:<wallet>", a key hash). */
export type ChangeListener = (payload: string) => void;
/** Announcements may have been missed. `down`: none can be heard until the next gap says otherwise. */
export type FeedGap = { down: boolean; reason: string };
export type GapListener = (gap: FeedGap) => void;
/** `gaps`: connections lost so far; `lastGap`: why the last one was. */
export type FeedStatus = { listening: boolean; gaps: number; lastGap: string | null };

/** The database's change announcements, for every instance and tool that writes. */
export type ChangeFeed = {
  listen(channel: string, onChange: ChangeListener): Promise<Unsubscribe>;
  onGap(listener: GapListener): () => void;
  status(): FeedStatus;
  close(): Promise<void>;
};

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

/** PGlite runs in this process: its listeners are called synchronously on commit, and nothing is lost between. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return {
    listen: (channel, onChange) => client.listen(channel, onChange),
    onGap: () => () => undefined,
    status: () => ({ listening: true, gaps: 0, lastGap: null }),
    close: async () => undefined,
  };
}

/** How the listening connection names itself to the server (pg_stat_activity.application_name). */
export const CHANGE_FEED_APPLICATION_NAME = "dropmint change feed";
export const HEARTBEAT_MS = 1_000;
export const HEARTBEAT_TIMEOUT_MS = 3_000;
const RECONNECT_MS = [100, 500, 2_000, 5_000];

export type PostgresFeedOptions = { heartbeatMs?: number; heartbeatTimeoutMs?: number };

/** One listening connection for every channel, watched by a heartbeat, reconnected after a loss. */
export function postgresChangeFeed(connectionString: string, options: PostgresFeedOptions = {}): ChangeFeed {
  return new PostgresChangeFeed(connectionString, options);
}

class PostgresChangeFeed implements ChangeFeed {
  private readonly listeners = new Map<string, Set<ChangeListener>>();
  private readonly gapListeners = new Set<GapListener>();
  /** Its own channel: other instances' heartbeats are not delivered here. */
  private readonly heartbeatChannel = `dropmint_heartbeat_${randomBytes(8).toString("hex")}`;
  private readonly heartbeatMs: number;
  private readonly heartbeatTimeoutMs: number;
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  /** Subscribers know it is listening: connected, and told so after a gap. */
  private up = false;
  private attempt = 0;
  private gaps = 0;
  private lastGap: string | null = null;
  private heartbeat: { seq: number; sentAt: number } | null = null;
  private seq = 0;
  private timers: { heartbeat?: ReturnType<typeof setInterval>; reconnect?: ReturnType<typeof setTimeout> } = {};

  constructor(
    private readonly connectionString: string,
    options: PostgresFeedOptions,
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  }

  async listen(channel: string, onChange: ChangeListener): Promise<Unsubscribe> {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(onChange);
    // The first subscriber opens the connection (and fails if the server cannot be reached).
    if (!this.client) await (this.connecting ??= this.firstConnect());
    else if (set.size === 1) await this.client.query(`LISTEN ${quoteChannel(channel)}`);
    return async () => {
      set.delete(onChange);
    };
  }

  onGap(listener: GapListener): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  status(): FeedStatus {
    return { listening: this.up, gaps: this.gaps, lastGap: this.lastGap };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timers.heartbeat);
    clearTimeout(this.timers.reconnect);
    const current = this.client;
    this.client = null;
    await current?.end().catch(() => undefined);
  }

  private async firstConnect(): Promise<void> {
    try {
      await this.connect();
      this.up = true;
    } finally {
      this.connecting = null;
    }
  }

  private async connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      application_name: CHANGE_FEED_APPLICATION_NAME,
    });
    next.on("notification", (message) => this.deliver(message.channel, message.payload ?? ""));
    next.on("error", (error) => this.lose(next, `the listening connection failed (${error.message})`));
    next.on("end", () => this.lose(next, "the listening connection ended"));
    try {
      await next.connect();
      for (const channel of [...this.listeners.keys(), this.heartbeatChannel]) {
        await next.query(`LISTEN ${quoteChannel(channel)}`);
      }
    } catch (error) {
      next.removeAllListeners("end");
      await next.end().catch(() => undefined);
      throw error;
    }
    this.client = next;
    this.attempt = 0;
    this.heartbeat = null;
    this.timers.heartbeat ??= setInterval(() => this.beat(), this.heartbeatMs);
    this.timers.heartbeat.unref();
  }

  private deliver(channel: string, payload: string): void {
    if (channel === this.heartbeatChannel) {
      if (this.heartbeat && payload === String(this.heartbeat.seq)) this.heartbeat = null;
      return;
    }
    for (const onChange of this.listeners.get(channel) ?? []) onChange(payload);
  }

  /** Sends the next heartbeat, or declares the connection lost when the last one did not come back. */
  private beat(): void {
    const client = this.client;
    if (!client) return;
    const pending = this.heartbeat;
    if (pending) {
      const waited = performance.now() - pending.sentAt;
      if (waited > this.heartbeatTimeoutMs)
        this.lose(client, `no heartbeat came back within ${this.heartbeatTimeoutMs} ms`);
      return;
    }
    this.heartbeat = { seq: ++this.seq, sentAt: performance.now() };
    // A failure here also fails the connection, which reports it ("error" or "end").
    client.query("SELECT pg_notify($1, $2)", [this.heartbeatChannel, String(this.seq)]).catch(() => undefined);
  }

  private lose(which: pg.Client, reason: string): void {
    if (this.closed || which !== this.client) return;
    this.client = null;
    this.up = false;
    which.on("error", () => undefined); // a dying connection may still report; nobody listens any more
    which.end().catch(() => undefined);
    this.reportGap({ down: true, reason });
    log.warn(
      `change announcements lost: ${reason}; every cached read is forgotten and none is kept until they are back`,
    );
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const delay = RECONNECT_MS[Math.min(this.attempt, RECONNECT_MS.length - 1)]!;
    this.attempt += 1;
    this.timers.reconnect = setTimeout(() => {
      this.connect().then(
        () => {
          log.warn("change announcements heard again; what was announced while away is forgotten too");
          this.reportGap({ down: false, reason: "listening again" });
          this.up = this.client !== null;
        },
        () => this.scheduleReconnect(),
      );
    }, delay);
    this.timers.reconnect.unref();
  }

  private reportGap(gap: FeedGap): void {
    if (gap.down) {
      this.gaps += 1;
      this.lastGap = gap.reason;
    }
    for (const listener of this.gapListeners) listener(gap);
  }
}

function quoteChannel(channel: string): string {
  return `"${channel.replace(/"/g, '""')}"`;
}
