// React Query on top of the browser client. Every key starts with the cluster, so data read
// on one cluster is never shown for another (a devnet wallet never sees localnet counts).
"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider, useInfiniteQuery, useQuery, keepPreviousData } from "@tanstack/react-query";
import type { AllMintedQuery, DropmintClientOptions } from "./api-client";
import type { SiteClient, SiteReadClient } from "./site-client";
import { isClientError } from "./errors";
import type { Cluster } from "@/lib/config";
import type * as T from "./types";

/** How often live data is re-read, in ms. Events are not pushed (spec: Events), so pages poll. */
export const POLL_MS = {
  collection: 15_000,
  recentlyMinted: 8_000,
  walletMints: 20_000,
  leaderboards: 60_000,
} as const;

/** A response plus when it arrived, on the monotonic clock (for countdowns). */
export type Received<R> = R & { receivedAt: number };
const received = <R,>(response: R): Received<R> => ({ ...response, receivedAt: performance.now() });

type DropmintContext = { client: SiteClient; cluster: Cluster };
type ReadContext = { client: SiteReadClient; cluster: Cluster; frozen?: boolean };
const Context = createContext<ReadContext | null>(null);

/**
 * React Query and the browser client for the islands below. `createClient` decides how much
 * of the client a page ships: the whole one (createSiteClient) where collectors mint,
 * the read half (createSiteReadClient) where they only search.
 */
export function DropmintQueryProvider({
  cluster,
  createClient,
  frozen = false,
  children,
}: {
  cluster: Cluster;
  createClient: (options?: DropmintClientOptions) => SiteReadClient;
  /** The islands show the server's copy and never read again (the studio's preview of a drop not yet launched). */
  frozen?: boolean;
  children: ReactNode;
}) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // The client already retries reads by the spec's rules; React Query must not multiply them.
          queries: { retry: false, refetchOnWindowFocus: true, staleTime: 5_000 },
          mutations: { retry: false },
        },
      }),
  );
  const [value] = useState<ReadContext>(() => ({ client: createClient(), cluster, frozen }));
  return (
    <QueryClientProvider client={queryClient}>
      <Context.Provider value={value}>{children}</Context.Provider>
    </QueryClientProvider>
  );
}

/** The whole client: only below a provider given createSiteClient (the drop page). */
export function useDropmint(): DropmintContext {
  const value = useReads();
  if (!("prepareMint" in value.client))
    throw new Error("useDropmint needs <DropmintQueryProvider createClient={createSiteClient}> above it");
  return value as DropmintContext;
}

function useReads(): ReadContext {
  const value = useContext(Context);
  if (!value) throw new Error("the Dropmint hooks need <DropmintQueryProvider> above them");
  return value;
}

export const queryKeys = {
  all: (cluster: Cluster) => [cluster] as const,
  collection: (cluster: Cluster, identifier: string) => [cluster, "collection", identifier] as const,
  /** Everything about one drop (for invalidation after a mint). */
  drop: (cluster: Cluster, collectionId: string) => [cluster, "drop", collectionId] as const,
  recentlyMinted: (cluster: Cluster, collectionId: string, limit: number) =>
    [cluster, "drop", collectionId, "recently-minted", limit] as const,
  allMinted: (cluster: Cluster, collectionId: string, query: Omit<AllMintedQuery, "offset">) =>
    [cluster, "drop", collectionId, "all-minted", query] as const,
  gallery: (cluster: Cluster, collectionId: string, limit: number, offset: number) =>
    [cluster, "drop", collectionId, "gallery", limit, offset] as const,
  walletMints: (cluster: Cluster, collectionId: string, wallet: string) =>
    [cluster, "drop", collectionId, "wallet-mints", wallet] as const,
  eligibility: (cluster: Cluster, collectionId: string, phaseId: string, wallet: string) =>
    [cluster, "drop", collectionId, "eligibility", phaseId, wallet] as const,
  claimCodeConfig: (cluster: Cluster, collectionId: string) => [cluster, "drop", collectionId, "claim-codes"] as const,
  topHolders: (cluster: Cluster, collectionId: string) => [cluster, "drop", collectionId, "top-holders"] as const,
  topMinters: (cluster: Cluster, collectionId: string) => [cluster, "drop", collectionId, "top-minters"] as const,
  search: (cluster: Cluster, q: string) => [cluster, "search", q] as const,
  /** Everything about one wallet across drops (its balance). */
  wallet: (cluster: Cluster, wallet: string) => [cluster, "wallet", wallet] as const,
  localBalance: (cluster: Cluster, wallet: string) => [cluster, "wallet", wallet, "local-balance"] as const,
  localStablecoin: (cluster: Cluster, wallet: string) => [cluster, "wallet", wallet, "local-stablecoin"] as const,
};

/** The collection, polled; `initialData` is the server-rendered copy so nothing shifts on hydration. */
export function useCollection(identifier: string, initialData?: T.CollectionResponse) {
  const { client, cluster, frozen } = useReads();
  const [initial] = useState(() => (initialData ? received(initialData) : undefined));
  return useQuery({
    queryKey: queryKeys.collection(cluster, identifier),
    // Frozen: a re-read (a countdown's end asks for one) answers the server's copy again.
    queryFn: frozen && initial ? async () => initial : async () => received(await client.getCollection(identifier)),
    initialData: initial,
    refetchInterval: frozen ? false : POLL_MS.collection,
    ...(frozen ? { staleTime: Infinity, refetchOnWindowFocus: false } : {}),
  });
}

export function useRecentlyMinted(collectionId: string, limit = 12, initialData?: T.RecentlyMintedView) {
  const { client, cluster } = useReads();
  return useQuery({
    queryKey: queryKeys.recentlyMinted(cluster, collectionId, limit),
    queryFn: () => client.getRecentlyMinted(collectionId, { limit }),
    initialData,
    refetchInterval: POLL_MS.recentlyMinted,
  });
}

/**
 * The all-minted explorer: one page per `offset`, until hasMore is false. `initialPage` is a
 * server-rendered first page of exactly this `query` (pass it only for that query: React Query
 * would seed any new key with it). It counts as read at mount, so it is re-read once stale.
 */
export function useAllMinted(
  collectionId: string,
  query: Omit<AllMintedQuery, "offset">,
  initialPage?: T.AllMintedView,
) {
  const { client, cluster } = useReads();
  const [mountedAt] = useState(() => Date.now());
  return useInfiniteQuery({
    queryKey: queryKeys.allMinted(cluster, collectionId, query),
    queryFn: ({ pageParam }) => client.getAllMinted(collectionId, { ...query, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.nfts.length : undefined),
    placeholderData: keepPreviousData,
    initialData: initialPage ? { pages: [initialPage], pageParams: [0] } : undefined,
    initialDataUpdatedAt: mountedAt,
  });
}

/** One gallery page. `initialData`: the server-rendered copy of this very page (same rule as above). */
export function useGallery(collectionId: string, limit: number, offset: number, initialData?: T.GalleryView) {
  const { client, cluster } = useReads();
  const [mountedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: queryKeys.gallery(cluster, collectionId, limit, offset),
    queryFn: () => client.getGallery(collectionId, { limit, offset }),
    placeholderData: keepPreviousData,
    initialData,
    initialDataUpdatedAt: mountedAt,
  });
}

export function useWalletMints(collectionId: string, wallet: string | null) {
  const { client, cluster } = useReads();
  return useQuery({
    queryKey: queryKeys.walletMints(cluster, collectionId, wallet ?? ""),
    queryFn: () => client.getWalletMints(collectionId, wallet!),
    enabled: wallet !== null,
    refetchInterval: POLL_MS.walletMints,
  });
}

export function useEligibility(collectionId: string, phaseId: string | null, wallet: string | null) {
  const { client, cluster } = useReads();
  return useQuery({
    queryKey: queryKeys.eligibility(cluster, collectionId, phaseId ?? "", wallet ?? ""),
    queryFn: () => client.getEligibility(collectionId, phaseId!, wallet!),
    enabled: wallet !== null && phaseId !== null,
  });
}

export function useClaimCodeConfig(collectionId: string) {
  const { client, cluster } = useReads();
  return useQuery({
    queryKey: queryKeys.claimCodeConfig(cluster, collectionId),
    queryFn: () => client.getClaimCodeConfig(collectionId),
    staleTime: 60_000,
  });
}

export function useTopHolders(collectionId: string, initialData?: T.TopHoldersView) {
  const { client, cluster } = useReads();
  return useQuery({
    queryKey: queryKeys.topHolders(cluster, collectionId),
    queryFn: () => client.getTopHolders(collectionId),
    initialData,
    refetchInterval: POLL_MS.leaderboards,
  });
}

export function useTopMinters(collectionId: string, initialData?: T.TopMintersView) {
  const { client, cluster } = useReads();
  return useQuery({
    queryKey: queryKeys.topMinters(cluster, collectionId),
    queryFn: () => client.getTopMinters(collectionId),
    initialData,
    refetchInterval: POLL_MS.leaderboards,
  });
}

export function useCollectionSearch(q: string) {
  const { client, cluster } = useReads();
  const trimmed = q.trim();
  return useQuery({
    queryKey: queryKeys.search(cluster, trimmed),
    queryFn: () => client.searchCollections(trimmed, { limit: 8 }),
    enabled: trimmed.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Local chain only: the wallet's lamports, re-read after a faucet drop or a mint. */
export function useLocalBalance(wallet: string | null) {
  const { client, cluster } = useReads();
  return useQuery({
    queryKey: queryKeys.localBalance(cluster, wallet ?? ""),
    queryFn: async () => (await client.getLocalBalance(wallet!)).lamports,
    enabled: cluster === "localnet" && wallet !== null,
  });
}

/** Local chain only: the wallet's test stablecoin (raw units), re-read after a faucet drop or a mint. */
export function useLocalStablecoin(wallet: string | null) {
  const { client, cluster } = useReads();
  return useQuery({
    queryKey: queryKeys.localStablecoin(cluster, wallet ?? ""),
    queryFn: () => client.getLocalStablecoinBalance(wallet!),
    enabled: cluster === "localnet" && wallet !== null,
  });
}

/** True when the error is one the spec says to stop at and check the wallet (never retry). */
export function isUncertainOutcome(error: unknown): boolean {
  return isClientError(error) && error.code === "OUTCOME_UNKNOWN";
}

/** How many more this wallet may mint in the phase: null when unknown or unlimited. */
export function useRemainingAllowance(
  collectionId: string,
  phaseId: string | null,
  address: string | null,
): number | null {
  const mints = useWalletMints(collectionId, address);
  if (!phaseId || !mints.data) return null;
  return mints.data.phaseMints[phaseId]?.remaining ?? null;
}
