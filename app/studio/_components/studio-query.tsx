// React Query for the manage page's editors: its own client (the studio shares nothing with the
// public pages' providers), and one read per editor keyed by the wallet, the path and the
// manage page's round (every saved change bumps it, so each editor re-reads what the server holds).
"use client";

import { useState, type ReactNode } from "react";
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import type { StudioFetch } from "@/lib/client/studio-client";

export function StudioQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** What the editors need to read: the wallet's calls and the change round. */
export type StudioReader = { wallet: string | null; call: StudioFetch | null; round: number };

export function useStudioRead<T>({ wallet, call, round }: StudioReader, path: string) {
  return useQuery({
    queryKey: ["studio", wallet, path, round],
    queryFn: () => call!<T>("GET", path),
    enabled: call !== null,
    // The editor stays on screen while a change's re-read is on its way.
    placeholderData: keepPreviousData,
  });
}
