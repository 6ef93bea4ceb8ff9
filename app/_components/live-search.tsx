// The live half of the search box: React Query and the read half of the browser client,
// asking the service for what the collector typed. The box (drop-search.tsx) loads this module
// only once the collector focuses it or types, so a page that merely shows the box ships
// neither in its first-load JavaScript (tests/smoke/page-bundles.test.ts checks).
"use client";

import { useEffect } from "react";
import { DropmintQueryProvider, useCollectionSearch } from "@/lib/client/query";
import { createSiteReadClient } from "@/lib/client/site-read-client";
import type { SearchResult } from "@/lib/client/types";
import type { Cluster } from "@/lib/config";

/** What the box renders from: React Query's state for the query `q`. */
export type LiveSearchState = {
  q: string;
  data?: { collections: SearchResult[] };
  isFetching: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
};

type Props = { cluster: Cluster; q: string; onChange: (state: LiveSearchState) => void };

/** Renders nothing: it runs the query and hands each new state to the box. */
export default function LiveSearch({ cluster, ...props }: Props) {
  return (
    <DropmintQueryProvider cluster={cluster} createClient={createSiteReadClient}>
      <SearchQuery {...props} />
    </DropmintQueryProvider>
  );
}

function SearchQuery({ q, onChange }: Omit<Props, "cluster">) {
  const { data, isFetching, isPlaceholderData, isError } = useCollectionSearch(q);
  useEffect(
    () => onChange({ q, data, isFetching, isPlaceholderData, isError }),
    [q, data, isFetching, isPlaceholderData, isError, onChange],
  );
  return null;
}
