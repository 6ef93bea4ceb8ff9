// Which cluster a chain is, from the chain itself. An RPC node says what it is through its
// genesis hash (getGenesisHash); a configuration only says what someone meant. The site
// offers burner wallets, a faucet, sandbox keys and demo seeding on the local chain only, so
// a node of a public cluster must never be taken for the local one because SOLANA_CLUSTER
// was left at its default.

/** The genesis hashes of Solana's public clusters. */
export const PUBLIC_GENESIS_HASHES = Object.freeze({
  mainnet: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d",
  devnet: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG",
  testnet: "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY",
});

export type ChainIdentity = "localnet" | "devnet" | "mainnet";

/**
 * The cluster a genesis hash belongs to: mainnet's is mainnet; devnet's and testnet's are
 * public test clusters, where nothing local-only may run either (they answer as "devnet");
 * any other hash is a chain of its own (a local validator, `npm run localnet`).
 */
export function clusterOfGenesisHash(genesisHash: string): ChainIdentity {
  if (genesisHash === PUBLIC_GENESIS_HASHES.mainnet) return "mainnet";
  if (genesisHash === PUBLIC_GENESIS_HASHES.devnet || genesisHash === PUBLIC_GENESIS_HASHES.testnet) return "devnet";
  return "localnet";
}
