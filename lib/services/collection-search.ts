// Collection search (first-party GET collections/search?q=): a case-insensitive substring
// of the name, the symbol or the short ID, among published drops only (a pre-launch drop's
// symbol and supply are not public yet; such drops are announced by upcoming-mints).
// Results: by name, then id (stable pages), with each drop's minted count.
//
// The search box queries as the visitor types, so a search must cost next to nothing
// whatever was typed:
//   - One SQL statement: the drops and their minted counts together (on the embedded
//     database every round trip queues behind the other visitors' queries).
//   - Answered from an index. The database keeps "searchText" (the three columns
//     lowercased, one line each) and "searchPairs" (its pairs of consecutive characters)
//     on every drop (migration 20261123233624_collection_search_columns). A query with three
//     letters or digits in a row is looked up in the pg_trgm index of "searchText"; anything
//     else (two letters, "#1", "-4", "été") has no trigram to look up, and is looked up in
//     the index of pairs instead. Either way the drops kept are those whose "searchText"
//     holds the lowercased query, which is exactly ILIKE on each column.
//   - Answers are kept per instance (read-caches.ts) until any drop or any drop's counts
//     change, on any instance: the words a rush types repeat, and identical searches in
//     flight at once share one statement (on the embedded database statements run one at a
//     time, and the searches for a popular word would otherwise queue behind one another).
import { Prisma } from "@/lib/db/generated/client";
import type { SearchResult } from "@/lib/schemas/discovery";
import { mintedCountSql } from "./collection-summaries";
import type { ServiceContext } from "./context";
import { likeLiteral } from "./minted-items";
import { getDropStanding, type DropStanding } from "./drop-standing";
import { LastViews } from "@/lib/cache/last-views";
import { toPublicUrl } from "./public-url";

type SearchMatch = Omit<SearchResult, "status" | "price">;
export type SearchMatches = Readonly<{ collections: SearchMatch[]; limit: number; offset: number; hasMore: boolean }>;

type SearchRow = {
  id: string;
  shortId: string | null;
  name: string | null;
  symbol: string | null;
  image: string | null;
  totalSupply: number | null;
  chain: string;
  isVerified: boolean;
  mintedCount: number;
};

/**
 * Three ASCII letters or digits in a row, which pg_trgm makes a trigram of under every
 * locale. Whether "é" is a letter to pg_trgm depends on the database's ctype, so queries
 * without such a run go to the pairs, which take any character.
 */
const TRIGRAM_RUN = /[a-z0-9]{3}/i;
/** The line between the columns in "searchText". */
const COLUMN_SEPARATOR = "\n";

/** The one statement of a search: a page of matching drops (one row more, for hasMore) with their minted counts. Exported for the query-plan test. */
export function searchCollectionsSql(options: { q: string; limit: number; offset: number }): Prisma.Sql {
  const pattern = `%${likeLiteral(options.q)}%`;
  // Without the separator in the query, a match in "searchText" lies within one column's
  // line, so containing the lowercased query there is exactly ILIKE on each column.
  const matches = TRIGRAM_RUN.test(options.q)
    ? // The trigram index serves the LIKE itself.
      [Prisma.sql`"searchText" LIKE lower(${pattern})`]
    : // The pair index serves the pairs; strpos keeps the drops that hold the query, and
      // unlike LIKE cannot tempt the planner into reading the whole trigram index.
      [
        Prisma.sql`"searchPairs" @> "collection_search_pairs"(lower(${options.q}))`,
        Prisma.sql`strpos("searchText", lower(${options.q})) > 0`,
      ];
  // A query spanning the separator could match across two columns (only the search page
  // can send one: the API refuses control characters): ILIKE on each column decides.
  if (options.q.includes(COLUMN_SEPARATOR))
    matches.push(Prisma.sql`("name" ILIKE ${pattern} OR "symbol" ILIKE ${pattern} OR "shortId" ILIKE ${pattern})`);
  // "launchStatus" as text: nearly every drop is live, but a planner without statistics on
  // the table (PGlite has no autovacuum, so it has none until something runs ANALYZE)
  // takes "= 'live'" for a rare value and reads every live drop through the launchStatus
  // index instead of looking the query up. Minted counts in the outer query: for the
  // page's rows only, after the limit.
  return Prisma.sql`
    SELECT page."id", page."shortId", page."name", page."symbol", page."image", page."totalSupply", page."chain", page."isVerified",
           ${mintedCountSql(Prisma.sql`page."id"`)} AS "mintedCount"
      FROM (SELECT "id", "shortId", "name", "symbol", "image", "totalSupply", "chain", "isVerified"
              FROM "Collection"
             WHERE "launchStatus"::text = 'live' AND ${Prisma.join(matches, " AND ")}
             ORDER BY "name" ASC NULLS LAST, "id" ASC
             LIMIT ${options.limit + 1} OFFSET ${options.offset}) AS page
     ORDER BY page."name" ASC NULLS LAST, page."id" ASC`;
}

export type SearchView = Readonly<{ collections: SearchResult[]; limit: number; offset: number; hasMore: boolean }>;

/**
 * The matches (kept per instance, see above) with each drop's status and price as of now,
 * from the drops' own cached snapshots: those move with the clock and every mint, so they
 * are added to every answer rather than kept with the matches.
 */
export async function searchCollections(
  ctx: ServiceContext,
  options: { q: string; limit: number; offset: number },
): Promise<SearchView> {
  const matches = await ctx.caches.searches.get(`${options.limit}:${options.offset}:${options.q}`, () =>
    runSearch(ctx, options),
  );
  const now = ctx.clock.now();
  const standings = await Promise.all(matches.collections.map((item) => getDropStanding(ctx, item.id, now)));
  return viewOf(matches, standings);
}

/** The matches with their standings: the same frozen view while the standings are unchanged. */
const views = new LastViews<SearchView>();

function viewOf(matches: SearchMatches, standings: DropStanding[]): SearchView {
  return views.of(matches, JSON.stringify(standings), () => ({
    ...matches,
    collections: matches.collections.map((item, i) => ({ ...item, ...standings[i]! })),
  }));
}

async function runSearch(
  ctx: ServiceContext,
  options: { q: string; limit: number; offset: number },
): Promise<SearchMatches> {
  // One row more than the page says whether there is a next page; no count(*), which would
  // run the match a second time.
  const found = await ctx.db.$queryRaw<SearchRow[]>(searchCollectionsSql(options));
  const collections: SearchMatch[] = found.slice(0, options.limit).map((row) => ({
    id: row.id,
    short_id: row.shortId,
    name: row.name,
    symbol: row.symbol,
    image: toPublicUrl(row.image, ctx.publicBaseUrl),
    total_supply: row.totalSupply ?? 0,
    minted_count: row.mintedCount,
    blockchain_network: row.chain,
    is_verified: row.isVerified,
  }));
  return Object.freeze({
    collections,
    limit: options.limit,
    offset: options.offset,
    hasMore: found.length > options.limit,
  });
}
