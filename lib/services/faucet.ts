// The local chain's faucet. Only the embedded localnet has one; the chain itself refuses
// airdrops on any other cluster (FaucetUnavailableError).
import { AppError } from "@/lib/errors";
import { ChainTransactionError } from "@/lib/chain";
import { parseUnits } from "@/lib/domain/parse-units";
import type { ServiceContext } from "./context";

export async function airdropSol({ chain }: Pick<ServiceContext, "chain">, address: string, sol: number) {
  const lamports = parseUnits(sol.toFixed(9), 9);
  const signature = await chain.airdrop(address, lamports).catch((error: unknown) => {
    // The chain refuses some airdrops (to the system program or a sysvar, or too little for a new
    // account to be rent-exempt): a bad request, not our failure.
    if (error instanceof ChainTransactionError) {
      throw new AppError(
        "INVALID_REQUEST",
        "The chain refused this airdrop: a program or sysvar address, or less SOL than a new account must hold (0.00089088).",
      );
    }
    throw error;
  });
  const balance = await chain.getBalance(address);
  return { signature, lamports: Number(lamports), balance: Number(balance) };
}

/** A wallet's SOL on the local chain, in lamports. */
export async function localBalance({ chain }: Pick<ServiceContext, "chain">, address: string) {
  return { address, lamports: Number(await chain.getBalance(address)) };
}
