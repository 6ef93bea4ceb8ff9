// Client-side providers for the drop page: React Query and the whole browser client (reads
// and the mint calls), keyed by cluster. Other pages load only what they use.
"use client";

import type { ReactNode } from "react";
import { createSiteClient } from "@/lib/client/site-client";
import { DropmintQueryProvider } from "@/lib/client/query";
import type { Cluster } from "@/lib/config";

export function Providers({ cluster, children }: { cluster: Cluster; children: ReactNode }) {
  return (
    <DropmintQueryProvider cluster={cluster} createClient={createSiteClient}>
      {children}
    </DropmintQueryProvider>
  );
}
