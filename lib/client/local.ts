// @dropmint/client/local: calls that exist only on a local chain (SOLANA_CLUSTER=localnet),
// for local development and tests: the faucets (SOL and the test stablecoin) and balances. A
// separate entry point, so the partner surface ("@dropmint/client") ships no call that a real
// deployment answers with 404. Same transport, pacing and timeouts as the main client.
import { localnetReads, type LocalnetReads, type StablecoinBalance } from "./local-reads.ts";
import { connect, type ClientConnection, type DropmintClientOptions } from "./read-client.ts";
import { sendJsonOnce } from "./policies.ts";

export type { StablecoinBalance } from "./local-reads.ts";
export type FaucetResult = { signature: string; lamports: number; balance: number };

export type LocalnetClient = LocalnetReads & {
  /** The local faucet. Not a read: each call moves funds, so it is never repeated behind the caller's back. */
  requestAirdrop(address: string, sol?: number): Promise<FaucetResult>;
  /** Test stablecoins (DUSD, whole tokens) for drops priced in it. Moves funds: never repeated. */
  requestTestStablecoin(address: string, amount?: number): Promise<StablecoinBalance & { signature: string }>;
};

export function createLocalnetClient(options: DropmintClientOptions = {}): LocalnetClient {
  return localnetCalls(connect(options));
}

export function localnetCalls(connection: ClientConnection): LocalnetClient {
  const { transport, post } = connection;
  return {
    ...localnetReads(connection),
    requestAirdrop: (address, sol) =>
      sendJsonOnce(transport, post("/api/localnet/faucet", sol === undefined ? { address } : { address, sol })),
    requestTestStablecoin: (address, amount) =>
      sendJsonOnce(
        transport,
        post("/api/localnet/faucet/stablecoin", amount === undefined ? { address } : { address, amount }),
      ),
  };
}
