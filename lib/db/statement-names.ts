// Names for the statements Prisma sends to PostgreSQL, so that each connection parses and
// plans a statement once instead of on every query. node-postgres prepares a named
// statement once per connection and then only binds it; PostgreSQL keeps its plan (custom
// plans for the first five runs, then the generic one when it costs no more).
//
// Unnamed, parsing and planning were most of PostgreSQL's time on the mint path:
// log_min_duration_statement showed parse 0.1-0.4 ms and bind (which plans) 0.2-1.1 ms
// against 0.04-0.7 ms of execution per statement.
//
// A connection keeps every statement it prepared until it closes, so the names are bounded:
// the first `max` distinct texts get one and any other runs unnamed, as before. Prisma writes
// a statement per length of an IN list, for one, and those should not pile up.
//
// A prepared statement's columns are fixed when it is prepared. One that expands `*` over a
// table (`SELECT s.*`) fails with "cached plan must not change result type" once another
// instance's migration adds a column to that table. The client below then retires the text:
// it runs again at once, unnamed, as it did before names, and stays unnamed in this process.
import { createHash } from "node:crypto";
import pg from "pg";

/** The protocol's own name for the unnamed statement: parsed again each time. */
const UNNAMED = "";

export const MAX_NAMED_STATEMENTS = 500;

type Statement = { sql: string; args: readonly unknown[] };

export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #retired = new Set<string>();

  constructor(private readonly max = MAX_NAMED_STATEMENTS) {}

  /** A `statementNameGenerator` for @prisma/adapter-pg: one stable name per SQL text, at most `max`. */
  readonly name = ({ sql, args }: Statement): string => {
    // A statement without parameters goes over the simple protocol, which also runs a script
    // of several statements; a name would move it to the extended one, which cannot.
    if (args.length === 0 || this.#retired.has(sql)) return UNNAMED;
    const known = this.#names.get(sql);
    if (known !== undefined) return known;
    if (this.#names.size >= this.max) return UNNAMED;
    const name = `dm_${createHash("sha256").update(sql).digest("base64url").slice(0, 24)}`;
    this.#names.set(sql, name);
    return name;
  };

  /** From now on the text runs unnamed (its prepared statement went stale). */
  retire(sql: string): void {
    this.#retired.add(sql);
  }
}

type QueryConfig = { name?: string; text?: string; [option: string]: unknown };
type Callback = (error: Error | null, result?: unknown) => void;

const isStale = (error: unknown) =>
  (error as { code?: string } | null)?.code === "0A000" &&
  String((error as Error).message).startsWith("cached plan must not change result type");

/**
 * A pg Client class for the pool (`new pg.Pool({ Client })`) whose named statement, gone stale
 * after a schema change, retires its text and runs once more unnamed. In a transaction the
 * failed statement has already aborted it: the transaction fails, and the text runs unnamed
 * from the next time on.
 */
export function clientRetiringStaleStatements(names: StatementNames): typeof pg.Client {
  return class extends pg.Client {
    // pg's query has many overloads; only a named config object (what the adapter sends) is changed.
    override query(...args: unknown[]): never {
      const config = args[0] as QueryConfig | null;
      if (typeof config !== "object" || config === null || !config.name || typeof config.text !== "string")
        return (super.query as (...a: unknown[]) => never)(...args);
      // (config, values, callback) as pg-pool calls it, (config, callback) or (config) for a promise.
      let [, values, callback] = args as [QueryConfig, unknown, Callback | undefined];
      if (typeof values === "function") [values, callback] = [undefined, values as Callback];
      const run = (sent: QueryConfig) =>
        new Promise((resolve, reject) =>
          (super.query as (...a: unknown[]) => void)(sent, values, (error: Error | null, result: unknown) =>
            error ? reject(error) : resolve(result),
          ),
        );
      const result = run(config).catch((error: unknown) => {
        if (!isStale(error)) throw error;
        names.retire(config.text!);
        // Inside a transaction the failure aborted it ("E"): a retry there could only fail too.
        if (this.getTransactionStatus() !== "I") throw error;
        return run({ ...config, name: undefined });
      });
      if (!callback) return result as never;
      result.then(
        (value) => callback(null, value),
        (error: Error) => callback(error),
      );
      return undefined as never;
    }
  };
}
