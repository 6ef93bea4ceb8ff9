// The first-party discovery feeds and collection list/search (/api/public): featured,
// live-mints, trending, upcoming-mints, recent-soldouts, collections, collections/search.
// Feed items are collection summaries (lib/services/collection-summaries.ts); search items
// are snake_case as the spec names them.
import { z } from "zod";
import { collectionStatsSchema, priceDisplaySchema } from "./collection";
import { paginationQuerySchema, timestampSchema, trimmedTextSchema } from "./common";

/** Spec Limits: discovery feeds and the collection list default to 20, capped at 100. */
/** Feeds, the collection list and search: a larger limit is served as the maximum (spec: "capped at 100"). */
export const DISCOVERY_LIMIT = { defaultLimit: 20, maxLimit: 100, overMax: "cap" } as const;
export const SEARCH_QUERY_MIN_LENGTH = 2;
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** The trending window and the only `type` value it reports. */
export const TRENDING_WINDOW_HOURS = 24 as const;
export const TRENDING_TYPE = "mints_24h" as const;

export const discoveryQuerySchema = paginationQuerySchema(DISCOVERY_LIMIT);

export const launchStatusSchema = z.enum(["live", "coming_soon", "deploying", "maintenance"]);
export const collectionListStatusSchema = z.enum(["active", "ended", "upcoming"], {
  error: "must be active, ended or upcoming",
});

/** A drop as a card. A pre-launch drop (launchStatus ≠ live) shows no price and reads as upcoming. */
export const collectionSummarySchema = z.object({
  id: z.uuid(),
  shortId: z.string().nullable(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  isVerified: z.boolean(),
  launchStatus: launchStatusSchema,
  status: collectionListStatusSchema,
  price: priceDisplaySchema.nullable(),
  stats: collectionStatsSchema,
});

const page = {
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
  offset: z.number().int().min(0),
  hasMore: z.boolean(),
};

export const featuredResponseSchema = z.object({
  success: z.literal(true),
  collections: z.array(collectionSummarySchema),
  ...page,
});

export const liveMintsResponseSchema = z.object({
  success: z.literal(true),
  mints: z.array(collectionSummarySchema),
  ...page,
});

export const upcomingMintsResponseSchema = liveMintsResponseSchema;

export const trendingCollectionSchema = collectionSummarySchema.extend({
  /** Landed mints of the drop in the window. */
  windowMints: z.number().int().min(1),
});
export const trendingResponseSchema = z.object({
  success: z.literal(true),
  type: z.literal(TRENDING_TYPE),
  windowHours: z.literal(TRENDING_WINDOW_HOURS),
  collections: z.array(trendingCollectionSchema),
  ...page,
});

export const soldOutCollectionSchema = collectionSummarySchema.extend({ soldOutAt: timestampSchema });
/** No `success` member, as the spec lists it. */
export const recentSoldoutsResponseSchema = z.object({ collections: z.array(soldOutCollectionSchema), ...page });

export const getCollectionsQuerySchema = discoveryQuerySchema.extend({
  /** A chain name (solana-devnet, …) or just "solana" for every Solana chain. */
  blockchain: trimmedTextSchema(1, 64).optional(),
  status: collectionListStatusSchema.optional(),
});
export const collectionListResponseSchema = z.object({
  success: z.literal(true),
  collections: z.array(collectionSummarySchema),
  ...page,
});

export const searchCollectionsQuerySchema = discoveryQuerySchema.extend({
  q: trimmedTextSchema(SEARCH_QUERY_MIN_LENGTH, SEARCH_QUERY_MAX_LENGTH, "is required"),
});

export const searchResultSchema = z.object({
  id: z.uuid(),
  short_id: z.string().nullable(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  image: z.string().nullable(),
  /** 0 for an open-ended drop, as in stats. */
  total_supply: z.number().int(),
  minted_count: z.number().int(),
  blockchain_network: z.string(),
  is_verified: z.boolean(),
  /** Dropmint's addition: the drop's status now, by the rule of the feeds' cards. */
  status: collectionListStatusSchema,
  /** Dropmint's addition: the price its card shows (the phase the status speaks for); null when none. */
  price: priceDisplaySchema.nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
/** No `total`: counting every match would run the search twice; `hasMore` says whether to page on. */
export const searchCollectionsResponseSchema = z.object({
  success: z.literal(true),
  collections: z.array(searchResultSchema),
  limit: page.limit,
  offset: page.offset,
  hasMore: page.hasMore,
});
