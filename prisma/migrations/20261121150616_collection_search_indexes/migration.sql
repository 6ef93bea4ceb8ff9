-- Written by hand: trigram matching for the collection search indexes below (Prisma does not
-- create extensions unless the postgresqlExtensions preview feature is on). pg_trgm is a
-- trusted contrib extension on PostgreSQL 13+, and PGlite loads it from its contrib bundle
-- (lib/db/client.ts passes it to PGlite.create).
--
-- Also by hand: WITH (fastupdate = off) on the three GIN indexes. With the default pending
-- list, new drops pile up unsorted until a VACUUM merges them, and every search scans that
-- list: PGlite has no autovacuum, so it would never be merged (measured with 50,000 drops:
-- 150 to 350 ms a search with the pending list, 0.1 to 10 ms without). Drops are created
-- rarely, so the slightly slower insert does not matter. Prisma's schema cannot express
-- index storage parameters and its diff ignores them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Collection_name_trgm_idx" ON "Collection" USING GIN ("name" gin_trgm_ops) WITH (fastupdate = off);

-- CreateIndex
CREATE INDEX "Collection_symbol_trgm_idx" ON "Collection" USING GIN ("symbol" gin_trgm_ops) WITH (fastupdate = off);

-- CreateIndex
CREATE INDEX "Collection_shortId_trgm_idx" ON "Collection" USING GIN ("shortId" gin_trgm_ops) WITH (fastupdate = off);
