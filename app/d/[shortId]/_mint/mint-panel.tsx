// The mint panel: a client island. STUB — the wallet, the prepare → sign → execute flow and the
// result land with the mint-panel work. Props are fixed: the drop page renders it as is.
"use client";

import type { CollectionResponse, Cluster } from "@/lib/client/types";

export type MintPanelProps = {
  /** Short ID (or id when there is none): the identifier the page polls the collection with. */
  identifier: string;
  /** The collection UUID, for wallet-scoped reads and prepare-mint. */
  collectionId: string;
  cluster: Cluster;
  /** Server-rendered collection: seeds the shared React Query cache so nothing shifts. */
  initialCollection: CollectionResponse;
};

export function MintPanel(props: MintPanelProps) {
  void props;
  return null;
}
