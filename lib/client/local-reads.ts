// The local chain's reads (SOLANA_CLUSTER=localnet): a wallet's SOL and test stablecoin. Apart
// from the faucets (local.ts) so that pages which only browse ship no call that moves funds.
import type { ClientConnection } from "./read-client.ts";

/** A wallet's test stablecoin (DUSD) on the local chain: whole tokens and the smallest unit. */
export type StablecoinBalance = {
  address: string;
  mint: string;
  symbol: string;
  decimals: number;
  amount: number;
  amountRaw: number;
};

export type LocalnetReads = {
  /** The wallet's SOL on the local chain (a browser has no RPC endpoint there). */
  getLocalBalance(address: string): Promise<{ success: true; address: string; lamports: number }>;
  /** The wallet's test stablecoin on the local chain. */
  getLocalStablecoinBalance(address: string): Promise<StablecoinBalance & { success: true }>;
};

export function localnetReads({ get }: ClientConnection): LocalnetReads {
  const balance = (address: string) => `/api/localnet/balance/${encodeURIComponent(address)}`;
  return {
    getLocalBalance: (address) => get(balance(address)),
    getLocalStablecoinBalance: (address) => get(`${balance(address)}/stablecoin`),
  };
}
