// The local chain's faucet. Only the embedded localnet has one; the chain itself refuses
// airdrops on any other cluster (FaucetUnavailableError).
import type { Chain } from "@/lib/chain";
import { parseUnits } from "@/lib/domain/amounts";

export async function airdropSol(chain: Chain, address: string, sol: number) {
  const lamports = parseUnits(sol.toFixed(9), 9);
  const signature = await chain.airdrop(address, lamports);
  const balance = await chain.getBalance(address);
  return { signature, lamports: Number(lamports), balance: Number(balance) };
}
