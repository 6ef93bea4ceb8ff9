// Refused prepare and execute calls, counted per drop and stable code in MintRefusalCount for
// the creator's dashboard (the Prometheus counter beside it is per process and knows no drop).
//
// A refusal costs nothing on the database when it happens: it is added to this instance's
// buffer, and the buffer is written a second later in one statement, whatever the number of
// refusals (a bot flood adds up in memory). A dashboard read writes its own instance's buffer
// first, so a creator sees refusals as soon as they are answered. An instance that dies loses
// at most its last second of counts; the sessions themselves are rows and are never lost.
//
// Prepare knows its drop; execute names a session, whose drop the flush looks up (one query
// for the whole buffer). A refusal whose drop is unknown (an unknown drop or session, a rate
// limit before the body was read) belongs to no drop and is counted in /metrics only.
import type { Db } from "@/lib/db/client";
import { createLogger } from "@/lib/log";

const log = createLogger("mint");
const FLUSH_AFTER_MS = 1_000;

export type RefusalStage = "prepare" | "execute";
/** Who was refused: the drop prepare named, or the session execute named. */
export type RefusalTarget = { collectionId: string } | { sessionId: string };

type Buffer = { counts: Map<string, number>; timer: ReturnType<typeof setTimeout> | null; flushing: Promise<void> };

// One buffer per database (tests run several apps in one process).
const buffers = new WeakMap<Db, Buffer>();

function bufferOf(db: Db): Buffer {
  let buffer = buffers.get(db);
  if (!buffer) buffers.set(db, (buffer = { counts: new Map(), timer: null, flushing: Promise.resolve() }));
  return buffer;
}

/** Counts one refusal for the drop it concerns; written within a second. */
export function noteRefusal(db: Db, target: RefusalTarget, stage: RefusalStage, code: string): void {
  const buffer = bufferOf(db);
  const ref = "collectionId" in target ? `c:${target.collectionId}` : `s:${target.sessionId}`;
  const key = `${ref} ${stage} ${code}`;
  buffer.counts.set(key, (buffer.counts.get(key) ?? 0) + 1);
  buffer.timer ??= setTimeout(() => void flushRefusalCounts(db), FLUSH_AFTER_MS);
  buffer.timer.unref?.();
}

/** Writes this instance's buffered refusals now (the dashboard calls it before reading). */
export async function flushRefusalCounts(db: Db): Promise<void> {
  const buffer = bufferOf(db);
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  const taken = buffer.counts;
  buffer.counts = new Map();
  // One flush at a time, so two never upsert the same row in one moment's race.
  buffer.flushing = buffer.flushing
    .then(() => writeCounts(db, taken))
    .catch((error) => {
      log.warn("could not write the refusal counts", error);
    });
  await buffer.flushing;
}

async function writeCounts(db: Db, taken: Map<string, number>): Promise<void> {
  if (taken.size === 0) return;
  const entries = [...taken].map(([key, count]) => {
    const [ref, stage, code] = key.split(" ") as [string, string, string];
    return { kind: ref[0], id: ref.slice(2), stage, code, count };
  });
  const sessionIds = entries.filter((e) => e.kind === "s").map((e) => e.id);
  const sessions = sessionIds.length
    ? await db.mintSession.findMany({ where: { id: { in: sessionIds } }, select: { id: true, collectionId: true } })
    : [];
  const dropOfSession = new Map(sessions.map((s) => [s.id, s.collectionId]));
  const rows = new Map<string, { collectionId: string; stage: string; code: string; count: number }>();
  for (const entry of entries) {
    const collectionId = entry.kind === "c" ? entry.id : dropOfSession.get(entry.id);
    if (!collectionId) continue;
    const key = `${collectionId} ${entry.stage} ${entry.code}`;
    const row = rows.get(key) ?? { collectionId, stage: entry.stage, code: entry.code, count: 0 };
    row.count += entry.count;
    rows.set(key, row);
  }
  if (rows.size === 0) return;
  const list = [...rows.values()];
  await db.$executeRaw`
    INSERT INTO "MintRefusalCount" ("collectionId", stage, code, count, "updatedAt")
    SELECT r.id, r.stage, r.code, r.n, now()
    FROM unnest(${list.map((r) => r.collectionId)}::uuid[], ${list.map((r) => r.stage)}::text[],
                ${list.map((r) => r.code)}::text[], ${list.map((r) => r.count)}::int[]) AS r(id, stage, code, n)
    WHERE EXISTS (SELECT 1 FROM "Collection" c WHERE c.id = r.id)
    ON CONFLICT ("collectionId", stage, code)
    DO UPDATE SET count = "MintRefusalCount".count + EXCLUDED.count, "updatedAt" = now()`;
}
