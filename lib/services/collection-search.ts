// Collection search (first-party GET collections/search?q=): a case-insensitive substring
// of the name, the symbol or the short ID, among published drops only (a pre-launch drop's
// symbol and supply are not public yet; such drops are announced by upcoming-mints).
// Prisma sends `contains` + `mode: "insensitive"` as ILIKE '%q%', which the pg_trgm GIN
// indexes on the three columns serve (migration 20261121150616_collection_search_indexes),
// so it stays fast with thousands of drops. Results: by name, then id (stable pages).
import type { Prisma } from "@/lib/db/generated/client";
import type { SearchResult } from "@/lib/schemas/discovery";
import { mintedCountsOf } from "./collection-summaries";
import type { ServiceContext } from "./context";
import { likeLiteral } from "./minted-items";
import { toPublicUrl } from "./public-url";

export async function searchCollections(ctx: ServiceContext, options: { q: string; limit: number; offset: number }) {
  const pattern = { contains: likeLiteral(options.q), mode: "insensitive" } as const;
  const where: Prisma.CollectionWhereInput = { launchStatus: "live", OR: [{ name: pattern }, { symbol: pattern }, { shortId: pattern }] };
  // One row more than the page says whether there is a next page; no count(*), which would
  // run the match a second time (search is typed live, so every query counts).
  const found = await ctx.db.collection.findMany({
    where,
    orderBy: [{ name: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    take: options.limit + 1,
    skip: options.offset,
    select: { id: true, shortId: true, name: true, symbol: true, image: true, totalSupply: true, chain: true, isVerified: true },
  });
  const rows = found.slice(0, options.limit);
  const minted = await mintedCountsOf(
    ctx,
    rows.map((row) => row.id),
  );
  const collections: SearchResult[] = rows.map((row) => ({
    id: row.id,
    short_id: row.shortId,
    name: row.name,
    symbol: row.symbol,
    image: toPublicUrl(row.image, ctx.publicBaseUrl),
    total_supply: row.totalSupply ?? 0,
    minted_count: minted.get(row.id) ?? 0,
    blockchain_network: row.chain,
    is_verified: row.isVerified,
  }));
  return { collections, limit: options.limit, offset: options.offset, hasMore: found.length > options.limit };
}
