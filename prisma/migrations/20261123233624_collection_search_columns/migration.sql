-- Collection search (lib/services/collection-search.ts) looks a query up in one column
-- instead of three, through one of two indexes. The three trigram indexes of
-- 20261121150616_collection_search_indexes, one per column, left the planner a BitmapOr of
-- three index scans to price against a sequential scan, and it often chose the scan, three
-- ILIKEs on every drop (10 to 16 ms at 5,000 drops on PGlite). A two-letter query, the
-- first thing typed into the search box, has no trigram at all and always scanned.
--
-- "searchText" holds the lowercased name, symbol and short ID, one line each. Each column
-- is lowercased on its own, as ILIKE lowercases it, so a column contains the query (ILIKE)
-- exactly when the column's line contains the lowercased query. pg_trgm indexes it for
-- queries of three letters or digits and more.
--
-- "searchPairs" lists the distinct pairs of consecutive characters of "searchText". A text
-- containing the query contains every pair of the query, so a GIN index of the pairs finds
-- the candidates of a two-letter query (or one without three letters or digits in a row,
-- which pg_trgm cannot look up) and the service keeps those that contain the query.
-- Listing the pairs takes tens of microseconds a drop, hence a stored column rather than
-- an index on an expression: a plan that reads every drop then only compares arrays.
--
-- Written by hand: the two functions, GENERATED ALWAYS AS ... STORED on both columns
-- (Prisma's schema has no generated columns: schema.prisma gives them
-- @default(dbgenerated()), which Prisma's diff leaves alone), and fastupdate = off on the
-- GIN indexes, as in 20261121150616_collection_search_indexes (PGlite has no autovacuum to
-- merge a pending list, which every search would scan). The database computes both
-- columns on every insert and on every update of the three columns, whoever writes.
-- SQL-standard function bodies (RETURN) are parsed once, at creation, so they do not
-- depend on the search_path of a later insert or restore.

-- DropIndex
DROP INDEX "Collection_name_trgm_idx";

-- DropIndex
DROP INDEX "Collection_shortId_trgm_idx";

-- DropIndex
DROP INDEX "Collection_symbol_trgm_idx";

CREATE FUNCTION "collection_search_text"("name" TEXT, "symbol" TEXT, "shortId" TEXT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(coalesce("name", '')) || E'\n' || lower(coalesce("symbol", '')) || E'\n' || lower(coalesce("shortId", ''));

CREATE FUNCTION "collection_search_pairs"("text" TEXT) RETURNS TEXT[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN ARRAY(SELECT DISTINCT substr("text", i, 2) FROM generate_series(1, length("text") - 1) AS i);

-- AlterTable
ALTER TABLE "Collection" ADD COLUMN "searchPairs" TEXT[] GENERATED ALWAYS AS ("collection_search_pairs"("collection_search_text"("name", "symbol", "shortId"))) STORED,
ADD COLUMN "searchText" TEXT GENERATED ALWAYS AS ("collection_search_text"("name", "symbol", "shortId")) STORED;

-- CreateIndex
CREATE INDEX "Collection_searchText_idx" ON "Collection" USING GIN ("searchText" gin_trgm_ops) WITH (fastupdate = off);

-- CreateIndex
CREATE INDEX "Collection_searchPairs_idx" ON "Collection" USING GIN ("searchPairs") WITH (fastupdate = off);
