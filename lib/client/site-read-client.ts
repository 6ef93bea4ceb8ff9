// The site's read half (not in the @dropmint/client package): v1 reads, the first-party
// router's reads and the local chain's balances, for pages where collectors only browse and
// search. It imports nothing that prepares, executes or moves funds, so those pages' bundles
// carry no mint or faucet code (tests/smoke/page-bundles.test.ts checks).
import type * as T from "./types.ts";
import { localnetReads, type LocalnetReads } from "./local-reads.ts";
import {
  connect,
  readCalls,
  type ClientConnection,
  type DropmintClientOptions,
  type ReadClient,
} from "./read-client.ts";

/** Reads of the first-party router (paths under /api/public). */
export type FirstPartyReads = {
  searchCollections(q: string, query?: { limit?: number }): Promise<{ success: true; collections: T.SearchResult[] }>;
  /** One NFT as the public may see it now (its reveal applied), by mint address. */
  getNft(mintAddress: string): Promise<{ success: true; nft: PublicNft }>;
};

/** The members of GET /api/public/nft/{identifier}'s `nft` that the pages use. */
export type PublicNft = { name: string | null; image: string | null; previewImage: string | null; isRevealed: boolean };

export type SiteReadClient = ReadClient & FirstPartyReads & LocalnetReads;

export const firstPartyReads = ({ get }: ClientConnection): FirstPartyReads => ({
  searchCollections: (q, query = {}) => get("/api/public/collections/search", { q, limit: query.limit }),
  getNft: (mintAddress) => get(`/api/public/nft/${encodeURIComponent(mintAddress)}`),
});

/** The read half, for pages where collectors only browse and search (no mint code shipped). */
export function createSiteReadClient(options: DropmintClientOptions = {}): SiteReadClient {
  const connection = connect(options);
  return { ...readCalls(connection), ...firstPartyReads(connection), ...localnetReads(connection) };
}
