// `npm run db:seed` is how several instances get their demo drops (README, "Several
// instances"): run once against PostgreSQL, it creates and names every demo drop; run again,
// it creates nothing and adds nothing. Real processes, a real PostgreSQL database and the
// embedded chain.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_DROPS } from "@/lib/demo/demo-drops";
import { SHOWCASE_DROPS } from "@/lib/demo/showcase-drops";
import { createEmptyPostgresDatabase, databaseTarget } from "../../helpers/databases";
import { childEnv, runCli } from "./helpers";

const postgres = databaseTarget("postgres");
const SHORT_IDS = [
  ...Object.values(DEMO_DROPS).map((d) => d.shortId),
  ...Object.values(SHOWCASE_DROPS).map((s) => s.drop.shortId),
];

describe.skipIf(!postgres.available)("npm run db:seed on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let dataDir: string;
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(postgres);
    dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-seed-"));
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (sql: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    } finally {
      await client.end();
    }
  };

  it("seeds and names every demo drop once; a second run creates nothing and adds nothing", async () => {
    const env = childEnv(dataDir, {
      DATABASE_URL: database.url,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://127.0.0.1:3999",
    });
    // The site migrates on start; a fresh database gets its schema from db:migrate.
    expect((await runCli("scripts/db-migrate.ts", [], env)).code).toBe(0);

    const first = await runCli("scripts/db-seed.ts", [], env);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Seeded ${SHORT_IDS.length} demo drops:`);
    for (const shortId of SHORT_IDS) expect(first.stdout).toContain(`http://127.0.0.1:3999/d/${shortId}`);
    const effects = await count(`SELECT count(*) AS n FROM "ProfileEffect"`);
    expect(effects).toBeGreaterThan(0);

    const second = await runCli("scripts/db-seed.ts", [], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("Nothing to seed");
    expect(await count(`SELECT count(*) AS n FROM "Collection"`)).toBe(SHORT_IDS.length);
    expect(await count(`SELECT count(*) AS n FROM "ProfileEffect"`)).toBe(effects);
  });
});
