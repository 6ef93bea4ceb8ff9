// The PostgreSQL backup the README documents, with PostgreSQL's own tools: `pg_dump -Fc`
// while the site writes, `pg_restore` into a new database. The restore is one consistent
// instant (every minted NFT has its mint row, though mints were recorded during the dump),
// and the migrator finds nothing to apply on it (its `_prisma_migrations` came along).
// Skipped, with the reason, when no server is reachable or the tools are not installed.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { pendingMigrations } from "@/lib/db/migrator";
import { createEmptyPostgresDatabase, databaseTarget, openTestDatabase, type TestDatabase } from "../helpers/databases";

const run = promisify(execFile);
const target = databaseTarget("postgres");
const tools = await run("pg_dump", ["--version"]).then(
  () => null,
  (error: Error) => `pg_dump is not installed (${error.message})`,
);
const skipReason = target.available ? tools : (target.reason ?? "PostgreSQL is not reachable");
const NFTS = 60;

describe.skipIf(skipReason !== null)(`pg_dump and pg_restore${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  let source: TestDatabase;
  let collectionId: string;

  beforeAll(async () => {
    source = await openTestDatabase(target);
    const collection = await source.prisma.collection.create({
      data: { shortId: "dumped", name: "Dumped", chain: "solana-localnet", treasuryAddress: "T".repeat(44) },
    });
    collectionId = collection.id;
    await source.prisma.nft.createMany({
      data: Array.from({ length: NFTS }, (_, i) => ({ collectionId, tokenId: i + 1, name: `#${i + 1}` })),
    });
  });
  afterAll(() => source?.dispose());

  it("restores one consistent instant of a database that was being written", async () => {
    const nfts = await source.prisma.nft.findMany({ where: { collectionId }, orderBy: { tokenId: "asc" } });
    // Mints recorded as the site records them (the NFT and its mint row in one transaction), during the dump.
    let dumping = true;
    const minting = (async () => {
      let count = 0;
      for (const nft of nfts) {
        if (!dumping && count > 0) break;
        await source.prisma.$transaction([
          source.prisma.nft.update({ where: { id: nft.id }, data: { status: "minted" } }),
          source.prisma.mint.create({ data: { collectionId, nftId: nft.id, walletAddress: "W".repeat(44) } }),
        ]);
        count += 1;
      }
      return count;
    })();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "dropmint-pgdump-")), "dropmint.dump");
    await run("pg_dump", ["-Fc", "--no-owner", "-d", source.url!, "-f", file]);
    dumping = false;
    expect(await minting).toBeGreaterThan(0);

    const restored = await createEmptyPostgresDatabase(target);
    let database: Database | undefined;
    try {
      await run("pg_restore", ["--no-owner", "--exit-on-error", "-d", restored.url, file]);
      expect(await pendingMigrations(await pgRunner(restored.url))).toEqual([]);
      database = await openDatabase({ databaseUrl: restored.url, dataDir: mkdtempSync(path.join(tmpdir(), "dm-")) });
      const minted = await database.prisma.nft.count({ where: { collectionId, status: "minted" } });
      expect(await database.prisma.mint.count({ where: { collectionId } })).toBe(minted);
      expect(await database.prisma.nft.count({ where: { collectionId } })).toBe(NFTS);
      expect(await database.prisma.collection.findUnique({ where: { shortId: "dumped" } })).not.toBeNull();
    } finally {
      await database?.close();
      await restored.drop();
    }
  });
});

/** The migrator's read-only view over a plain connection (no migration is applied by asking). */
async function pgRunner(url: string) {
  const { default: pg } = await import("pg");
  return {
    async query(sql: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    },
    exec: async () => undefined,
  };
}
