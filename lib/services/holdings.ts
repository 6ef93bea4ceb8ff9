// What a wallet holds that gate rules look at, read from the chain, turned into the pure
// inputs of lib/domain/allocation.ts.
//
// NFT gates: a held token counts when the database knows its mint as an NFT of one of
// the rule's collections. That covers the drops minted here (the database records every
// mint address it minted) and is authoritative for them; NFTs of collections we did not
// mint are not recognised.
import { ChainUnavailableError, type Chain } from "@/lib/chain";
import { mintDecimalsOf } from "@/lib/chain";
import type { Db } from "@/lib/db/client";
import type { GateRule } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import type { NftGateInput, TokenGateInput } from "@/lib/domain/allocation";

export type GateRuleRow = Pick<GateRule, "kind" | "ruleName" | "collections" | "tokenMint" | "minAmount" | "multiplier">;

export type WalletHoldings = {
  /** Raw balance per token mint, every account of the wallet summed. */
  balances: Map<string, bigint>;
  /** NFTs held per collection address (drops of ours named by a gate). */
  nftsByCollection: Map<string, number>;
  /** Decimals of each gate token (null when its mint cannot be read). */
  decimals: Map<string, number | null>;
};

/** Reads the wallet's holdings that `rules` need; no chain call when there are no rules. */
export async function readWalletHoldings(db: Db, chain: Chain, wallet: string, rules: readonly GateRuleRow[]): Promise<WalletHoldings> {
  const holdings: WalletHoldings = { balances: new Map(), nftsByCollection: new Map(), decimals: new Map() };
  if (rules.length === 0) return holdings;
  const tokenMints = [...new Set(rules.flatMap((r) => (r.kind === "token_gate" && r.tokenMint ? [r.tokenMint] : [])))];
  const gateCollections = [...new Set(rules.flatMap((r) => (r.kind === "nft_gate" ? r.collections : [])))];

  const [balances, decimals] = await Promise.all([
    readChain(() => chain.getTokenBalances(wallet)),
    Promise.all(tokenMints.map((mint) => readChain(() => chain.getAccountInfo(mint).then(mintDecimalsOf)).catch(unlessUnavailable))),
  ]);
  for (const { mint, amount } of balances) holdings.balances.set(mint, (holdings.balances.get(mint) ?? 0n) + amount);
  tokenMints.forEach((mint, i) => holdings.decimals.set(mint, decimals[i] ?? null));

  const heldMints = [...holdings.balances.keys()];
  if (gateCollections.length > 0 && heldMints.length > 0) {
    const nfts = await db.nft.findMany({
      where: { mintAddress: { in: heldMints }, collection: { collectionAddress: { in: gateCollections } } },
      select: { collection: { select: { collectionAddress: true } } },
    });
    for (const { collection } of nfts) {
      const address = collection.collectionAddress!;
      holdings.nftsByCollection.set(address, (holdings.nftsByCollection.get(address) ?? 0) + 1);
    }
  }
  return holdings;
}

/** The domain's gate inputs for one phase's rules. */
export function gateInputs(rules: readonly GateRuleRow[], holdings: WalletHoldings): { nftGates: NftGateInput[]; tokenGates: TokenGateInput[] } {
  const nftGates = rules
    .filter((r) => r.kind === "nft_gate")
    .map((r) => ({
      ruleName: r.ruleName,
      multiplier: r.multiplier,
      collections: r.collections,
      held: [...new Set(r.collections)].reduce((sum, c) => sum + (holdings.nftsByCollection.get(c) ?? 0), 0),
    }));
  // A token gate without a token is a misconfiguration: it is listed, and never met.
  const tokenGates = rules
    .filter((r) => r.kind === "token_gate")
    .map((r) => ({
      ruleName: r.ruleName,
      multiplier: r.multiplier,
      tokenAddress: r.tokenMint ?? "",
      minAmount: r.minAmount,
      balance: r.tokenMint ? (holdings.balances.get(r.tokenMint) ?? 0n) : 0n,
      decimals: r.tokenMint ? (holdings.decimals.get(r.tokenMint) ?? null) : null,
    }));
  return { nftGates, tokenGates };
}

/** A chain that cannot be read is a 503, never a "not eligible". */
async function readChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ChainUnavailableError) {
      throw new AppError("CHAIN_UNAVAILABLE", "Wallet holdings could not be read from the chain. Please retry.", { cause: error });
    }
    throw error;
  }
}

/** Decimals only dress a description: a malformed token address leaves them unknown. */
function unlessUnavailable(error: unknown): null {
  if (error instanceof AppError) throw error;
  return null;
}
