// Prisma's statements on PostgreSQL are prepared once per connection (lib/db/statement-names.ts):
// the namer gives one stable name per SQL text, none to a statement without parameters, and
// none past its bound; on a real server a repeated query reuses its prepared statement, a
// changed one gets its own, and a script of several statements still runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StatementNames } from "@/lib/db/statement-names";
import { databaseTarget, openTestDatabase, type TestDatabase } from "../helpers/databases";

describe("StatementNames", () => {
  it("names a SQL text the same each time, and two texts differently", () => {
    const { name } = new StatementNames();
    const first = name({ sql: "SELECT $1::int", args: [1] });
    expect(first).toMatch(/^dm_[\w-]{24}$/);
    expect(name({ sql: "SELECT $1::int", args: [2] })).toBe(first);
    expect(name({ sql: "SELECT $1::text", args: ["a"] })).not.toBe(first);
    // Another process's namer agrees: the name is the text's, not the order it was seen in.
    expect(new StatementNames().name({ sql: "SELECT $1::int", args: [3] })).toBe(first);
  });

  it("leaves a statement without parameters unnamed: it may be a script of several", () => {
    expect(new StatementNames().name({ sql: "SELECT 1; SELECT 2", args: [] })).toBe("");
  });

  it("names at most `max` texts; the ones it named keep their names after", () => {
    const { name } = new StatementNames(2);
    const a = name({ sql: "SELECT $1 AS a", args: [1] });
    const b = name({ sql: "SELECT $1 AS b", args: [1] });
    expect(name({ sql: "SELECT $1 AS c", args: [1] })).toBe("");
    expect([name({ sql: "SELECT $1 AS a", args: [1] }), name({ sql: "SELECT $1 AS b", args: [1] })]).toEqual([a, b]);
    expect(a).not.toBe("");
    expect(b).not.toBe("");
  });

  it("runs a retired text unnamed from then on", () => {
    const names = new StatementNames();
    const sql = "SELECT t.* FROM t WHERE t.a = $1";
    expect(names.name({ sql, args: [1] })).not.toBe("");
    names.retire(sql);
    expect(names.name({ sql, args: [1] })).toBe("");
  });
});

const postgres = databaseTarget("postgres");

describe.skipIf(!postgres.available)("prepared statements on PostgreSQL", () => {
  let db: TestDatabase;

  // One connection, so the session whose prepared statements are listed is the one that ran the queries.
  beforeAll(async () => {
    db = await openTestDatabase(postgres, { poolSize: 1 });
  });
  afterAll(async () => db?.dispose());

  const prepared = async () =>
    db.prisma.$queryRawUnsafe<Array<{ name: string; statement: string }>>(
      `SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'dm\\_%' ORDER BY name`,
    );
  const findDrop = (shortId: string) => db.prisma.collection.findFirst({ where: { shortId }, select: { id: true } });

  it("a repeated query reuses its statement; another query is prepared beside it", async () => {
    await findDrop("no-such-drop");
    const once = await prepared();
    expect(once.some((row) => row.statement.includes(`"Collection"`))).toBe(true);

    await findDrop("another-drop");
    expect(await prepared()).toEqual(once);

    await db.prisma.apiKey.findFirst({ where: { keyHash: "0".repeat(64) }, select: { id: true } });
    const after = await prepared();
    expect(after.length).toBe(once.length + 1);
    expect(after.some((row) => row.statement.includes(`"ApiKey"`))).toBe(true);
  });

  // A statement that expands `*` over a table, prepared before another instance's migration
  // adds a column: PostgreSQL refuses to run it again ("cached plan must not change result type").
  it("a statement gone stale after a schema change runs again unnamed, with the new column", async () => {
    await db.prisma.$executeRawUnsafe(`CREATE TABLE stale_probe (a int); INSERT INTO stale_probe VALUES (1)`);
    const read = () =>
      db.prisma.$queryRaw<Array<Record<string, unknown>>>`SELECT t.* FROM stale_probe t WHERE t.a = ${1}`;
    expect(await read()).toEqual([{ a: 1 }]);
    await db.prisma.$executeRawUnsafe(`ALTER TABLE stale_probe ADD COLUMN b int`);
    expect(await read()).toEqual([{ a: 1, b: null }]);
    await db.prisma.$executeRawUnsafe(`ALTER TABLE stale_probe ADD COLUMN c int`);
    expect(await read()).toEqual([{ a: 1, b: null, c: null }]);
  });

  it("in a transaction a stale statement fails it, and runs unnamed the next time", async () => {
    await db.prisma.$executeRawUnsafe(`CREATE TABLE stale_tx (a int); INSERT INTO stale_tx VALUES (1)`);
    const read = (client: Pick<typeof db.prisma, "$queryRaw">) =>
      client.$queryRaw<Array<Record<string, unknown>>>`SELECT t.* FROM stale_tx t WHERE t.a = ${1}`;
    expect(await db.prisma.$transaction((tx) => read(tx))).toEqual([{ a: 1 }]);
    await db.prisma.$executeRawUnsafe(`ALTER TABLE stale_tx ADD COLUMN b int`);
    await expect(db.prisma.$transaction((tx) => read(tx))).rejects.toThrow(/cached plan must not change result type/);
    expect(await db.prisma.$transaction((tx) => read(tx))).toEqual([{ a: 1, b: null }]);
  });

  it("a script of several statements without parameters still runs", async () => {
    await db.prisma.$executeRawUnsafe(`SELECT 1; SELECT 2`);
    const [row] = await db.prisma.$queryRaw<Array<{ sum: number }>>`SELECT (${20}::int + ${22}::int) AS sum`;
    expect(row?.sum).toBe(42);
  });
});
