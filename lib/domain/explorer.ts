// Links to a public block explorer for the deployment's cluster. The local chain lives in this
// service alone, so no explorer can show it: there the links are null and pages say so.

export type ExplorerCluster = "localnet" | "devnet" | "mainnet";

const EXPLORER = "https://explorer.solana.com";

function explorerUrl(cluster: ExplorerCluster, kind: "tx" | "address", id: string): string | null {
  if (cluster === "localnet") return null;
  const query = cluster === "mainnet" ? "" : `?cluster=${cluster}`;
  return `${EXPLORER}/${kind}/${encodeURIComponent(id)}${query}`;
}

/** A transaction's page on the cluster's explorer; null on the local chain. */
export const explorerTxUrl = (cluster: ExplorerCluster, signature: string) => explorerUrl(cluster, "tx", signature);

/** An account's (an NFT mint's, a wallet's) page on the cluster's explorer; null on the local chain. */
export const explorerAddressUrl = (cluster: ExplorerCluster, address: string) =>
  explorerUrl(cluster, "address", address);
