// The preview's islands (price, supply, phases) on React Query with the read half of the
// client, frozen: they show the server's view of the draft and never read again (there is no
// drop to read until launch), and nothing of the mint calls is shipped.
"use client";

import type { ReactNode } from "react";
import { DropmintQueryProvider } from "@/lib/client/query";
import { createSiteReadClient } from "@/lib/client/site-read-client";
import type { Cluster } from "@/lib/config";

export function PreviewProviders({ cluster, children }: { cluster: Cluster; children: ReactNode }) {
  return (
    <DropmintQueryProvider cluster={cluster} createClient={createSiteReadClient} frozen>
      {children}
    </DropmintQueryProvider>
  );
}
