// Counts the SQL statements sent to PostgreSQL (node-postgres) and PGlite, whatever sends
// them: Prisma's adapters call client.query, and PGlite runs a transaction's statements
// through the transaction object it hands out, with BEGIN and COMMIT inside transaction().
// Each counted statement is a round trip, BEGIN and COMMIT included. For bench:statements
// and the statement-count test (issue 27); installed once per process.
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";

export type StatementCounter = {
  /** Statements sent since the process installed the counter. */
  readonly count: number;
  /** Prints each statement's first characters while true (BENCH_PRINT_SQL). */
  printing: boolean;
  /**
   * The statements `work` itself sent: those issued from its async context, so a background
   * job's (the change feed's heartbeat, the reconciler's sweep) that lands meanwhile is not its.
   */
  measure<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }>;
};

let installed: StatementCounter | null = null;

export function installStatementCounter(): StatementCounter {
  if (installed) return installed;
  const scope = new AsyncLocalStorage<{ statements: number }>();
  let count = 0;
  const counter: StatementCounter = {
    get count() {
      return count;
    },
    printing: false,
    async measure(work) {
      const measured = { statements: 0 };
      const result = await scope.run(measured, work);
      return { result, statements: measured.statements };
    },
  };
  const seen = (sql: string) => {
    count += 1;
    const measured = scope.getStore();
    if (measured) measured.statements += 1;
    if (counter.printing) console.log("   SQL", sql.replace(/\s+/g, " ").slice(0, 220));
  };
  const countCalls = (target: Record<string, unknown>) => {
    for (const method of ["query", "exec"]) {
      const original = target[method] as ((...args: unknown[]) => unknown) | undefined;
      if (!original) continue;
      target[method] = function (this: unknown, ...args: unknown[]) {
        seen(String((args[0] as { text?: string })?.text ?? args[0]));
        return original.apply(this, args);
      };
    }
  };
  for (const proto of [pg.Client.prototype, PGlite.prototype] as unknown as Array<Record<string, unknown>>)
    countCalls(proto);
  const transaction = PGlite.prototype.transaction;
  PGlite.prototype.transaction = function (this: PGlite, callback) {
    seen("BEGIN");
    return transaction
      .call(this, (tx) => {
        countCalls(tx as unknown as Record<string, unknown>);
        return callback(tx);
      })
      .finally(() => seen("COMMIT / ROLLBACK"));
  } as typeof transaction;
  installed = counter;
  return counter;
}
