// @dropmint/client/local: calls that exist only on a local chain (SOLANA_CLUSTER=localnet),
// for local development and tests: the faucets (SOL and the test stablecoin) and balances. A separate entry
// point, so the partner surface ("@dropmint/client") ships no call that a real deployment
// answers with 404. Same transport, pacing and timeouts as the main client.
import { connect, type DropmintClientOptions } from "./read-client.ts";
import { sendJsonOnce } from "./policies.ts";

export type FaucetResult = { signature: string; lamports: number; balance: number };
/** A wallet's test stablecoin (DUSD) on the local chain: whole tokens and the smallest unit. */
export type StablecoinBalance = {
  address: string;
  mint: string;
  symbol: string;
  decimals: number;
  amount: number;
  amountRaw: number;
};

export type LocalnetClient = {
  /** The local faucet. Not a read: each call moves funds, so it is never repeated behind the caller's back. */
  requestAirdrop(address: string, sol?: number): Promise<FaucetResult>;
  /** The wallet's SOL on the local chain (a browser has no RPC endpoint there). */
  getLocalBalance(address: string): Promise<{ success: true; address: string; lamports: number }>;
  /** Test stablecoins (DUSD, whole tokens) for drops priced in it. Moves funds: never repeated. */
  requestTestStablecoin(address: string, amount?: number): Promise<StablecoinBalance & { signature: string }>;
  /** The wallet's test stablecoin on the local chain. */
  getLocalStablecoinBalance(address: string): Promise<StablecoinBalance & { success: true }>;
};

export function createLocalnetClient(options: DropmintClientOptions = {}): LocalnetClient {
  return localnetCalls(connect(options));
}

export function localnetCalls({ transport, get, post }: ReturnType<typeof connect>): LocalnetClient {
  return {
    requestAirdrop: (address, sol) =>
      sendJsonOnce(transport, post("/api/localnet/faucet", sol === undefined ? { address } : { address, sol })),
    getLocalBalance: (address) => get(`/api/localnet/balance/${encodeURIComponent(address)}`),
    requestTestStablecoin: (address, amount) =>
      sendJsonOnce(
        transport,
        post("/api/localnet/faucet/stablecoin", amount === undefined ? { address } : { address, amount }),
      ),
    getLocalStablecoinBalance: (address) => get(`/api/localnet/balance/${encodeURIComponent(address)}/stablecoin`),
  };
}
