// Client-side providers for every page: React Query and the browser client, keyed by cluster.
"use client";

import type { ReactNode } from "react";
import { DropmintQueryProvider } from "@/lib/client/query";
import type { Cluster } from "@/lib/client/types";

export function Providers({ cluster, children }: { cluster: Cluster; children: ReactNode }) {
  return <DropmintQueryProvider cluster={cluster}>{children}</DropmintQueryProvider>;
}
