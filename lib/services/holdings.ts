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
import type { ServiceContext } from "./context";
import type { NftGateInput, TokenGateInput } from "@/lib/domain/allocation";

export type GateRuleRow = Pick<
  GateRule,
  "kind" | "ruleName" | "collections" | "tokenMint" | "minAmount" | "multiplier"
>;

export type WalletHoldings = {
  /** Raw balance per token mint, every account of the wallet summed. */
  balances: Map<string, bigint>;
  /** NFTs held per collection address (drops of ours named by a gate). */
  nftsByCollection: Map<string, number>;
  /** Decimals of each gate token (null when its mint cannot be read). */
  decimals: Map<string, number | null>;
  /** The gate NFTs counted in nftsByCollection: mint → collection address. */
  gateNfts: Map<string, string>;
};

/** What a wallet holds, whatever the rules: balances per token mint, and which of its tokens are NFTs of our drops (mint → collection address). */
export type CachedHoldings = Readonly<{
  balances: ReadonlyMap<string, bigint>;
  nftCollections: ReadonlyMap<string, string>;
}>;

/** Reads the wallet's holdings that `rules` need, from the chain now (prepare); no chain call when there are no rules. */
export async function readWalletHoldings(
  db: Db,
  chain: Chain,
  wallet: string,
  rules: readonly GateRuleRow[],
): Promise<WalletHoldings> {
  if (rules.length === 0) return noHoldings();
  const needsNfts = rules.some((r) => r.kind === "nft_gate");
  const [held, decimals] = await Promise.all([loadHoldings(db, chain, wallet, needsNfts), readDecimals(chain, rules)]);
  return holdingsFor(held, rules, decimals);
}

/**
 * The same for reads (eligibility, wallet-mints): the wallet's holdings come from the
 * instance's cache (read-caches.ts HOLDINGS_MAX_AGE_MS, forgotten when it mints here),
 * and a token's decimals, which never change, are read once.
 */
export async function readWalletHoldingsCached(
  ctx: ServiceContext,
  wallet: string,
  rules: readonly GateRuleRow[],
): Promise<WalletHoldings> {
  if (rules.length === 0) return noHoldings();
  const [held, decimals] = await Promise.all([
    ctx.caches.holdings.get(wallet, () => loadHoldings(ctx.db, ctx.chain, wallet, true)),
    Promise.all(
      tokenMintsOf(rules).map(
        async (mint) =>
          [mint, await ctx.caches.mintDecimals.get(mint, () => readMintDecimals(ctx.chain, mint))] as const,
      ),
    ),
  ]);
  return holdingsFor(held, rules, new Map(decimals));
}

const noHoldings = (): WalletHoldings => ({
  balances: new Map(),
  nftsByCollection: new Map(),
  decimals: new Map(),
  gateNfts: new Map(),
});

const tokenMintsOf = (rules: readonly GateRuleRow[]) => [
  ...new Set(rules.flatMap((r) => (r.kind === "token_gate" && r.tokenMint ? [r.tokenMint] : []))),
];

async function readDecimals(chain: Chain, rules: readonly GateRuleRow[]): Promise<Map<string, number | null>> {
  const mints = tokenMintsOf(rules);
  const decimals = await Promise.all(mints.map((mint) => readMintDecimals(chain, mint)));
  return new Map(mints.map((mint, i) => [mint, decimals[i] ?? null]));
}

function readMintDecimals(chain: Chain, mint: string): Promise<number | null> {
  return readChain(() => chain.getAccountInfo(mint).then(mintDecimalsOf)).catch(unlessUnavailable);
}

/** One chain read (every token account of the wallet) and, when NFTs matter and it holds tokens, one database read. */
async function loadHoldings(db: Db, chain: Chain, wallet: string, withNfts: boolean): Promise<CachedHoldings> {
  const balances = new Map<string, bigint>();
  for (const { mint, amount } of await readChain(() => chain.getTokenBalances(wallet)))
    balances.set(mint, (balances.get(mint) ?? 0n) + amount);
  const nftCollections = new Map<string, string>();
  if (withNfts && balances.size > 0) {
    const nfts = await db.nft.findMany({
      where: { mintAddress: { in: [...balances.keys()] } },
      select: { mintAddress: true, collection: { select: { collectionAddress: true } } },
    });
    for (const { mintAddress, collection } of nfts)
      if (mintAddress && collection.collectionAddress) nftCollections.set(mintAddress, collection.collectionAddress);
  }
  return Object.freeze({ balances, nftCollections });
}

/** The holdings `rules` look at: NFTs counted per gate collection. */
function holdingsFor(
  held: CachedHoldings,
  rules: readonly GateRuleRow[],
  decimals: Map<string, number | null>,
): WalletHoldings {
  const gateCollections = new Set(rules.flatMap((r) => (r.kind === "nft_gate" ? r.collections : [])));
  const gateNfts = new Map<string, string>();
  for (const [mint, collection] of held.nftCollections) {
    if (gateCollections.has(collection) && (held.balances.get(mint) ?? 0n) > 0n) gateNfts.set(mint, collection);
  }
  return { balances: new Map(held.balances), nftsByCollection: countByCollection(gateNfts), decimals, gateNfts };
}

const countByCollection = (gateNfts: ReadonlyMap<string, string>) => {
  const counts = new Map<string, number>();
  for (const collection of gateNfts.values()) counts.set(collection, (counts.get(collection) ?? 0) + 1);
  return counts;
};

/**
 * The holdings without the gate NFTs another wallet has used in this phase (GateTokenUse):
 * one gate NFT admits one wallet per phase, however often it changes hands. One database
 * read, only when the wallet holds gate NFTs (prepare: read afresh).
 */
export async function withoutGateNftsUsedElsewhere(
  db: Pick<Db, "gateTokenUse">,
  phaseId: string,
  wallet: string,
  holdings: WalletHoldings,
): Promise<WalletHoldings> {
  if (holdings.gateNfts.size === 0) return holdings;
  return withoutMints(holdings, await readGateNftsUsedElsewhere(db, phaseId, wallet, [...holdings.gateNfts.keys()]));
}

/**
 * The same for reads (eligibility), from the instance's cache: by phase, wallet and the gate
 * NFTs it holds, for as long as its holdings are cached (HOLDINGS_MAX_AGE_MS). Another
 * wallet can use an NFT only while it holds it, so the answer for the NFTs this wallet holds
 * changes only when they change hands: what the holdings cache already allows to be that old.
 */
export async function withoutGateNftsUsedElsewhereCached(
  ctx: ServiceContext,
  phaseId: string,
  wallet: string,
  holdings: WalletHoldings,
): Promise<WalletHoldings> {
  if (holdings.gateNfts.size === 0) return holdings;
  const mints = [...holdings.gateNfts.keys()].sort();
  const used = await ctx.caches.gateNftsUsed.get(`${phaseId}:${wallet}:${mints.join(",")}`, () =>
    readGateNftsUsedElsewhere(ctx.db, phaseId, wallet, mints),
  );
  return withoutMints(holdings, used);
}

async function readGateNftsUsedElsewhere(
  db: Pick<Db, "gateTokenUse">,
  phaseId: string,
  wallet: string,
  mints: string[],
): Promise<ReadonlySet<string>> {
  const used = await db.gateTokenUse.findMany({
    where: { phaseId, mint: { in: mints }, walletAddress: { not: wallet } },
    select: { mint: true },
  });
  return new Set(used.map(({ mint }) => mint));
}

function withoutMints(holdings: WalletHoldings, used: ReadonlySet<string>): WalletHoldings {
  if (used.size === 0) return holdings;
  const gateNfts = new Map(holdings.gateNfts);
  for (const mint of used) gateNfts.delete(mint);
  return { ...holdings, gateNfts, nftsByCollection: countByCollection(gateNfts) };
}

/** The domain's gate inputs for one phase's rules. */
export function gateInputs(
  rules: readonly GateRuleRow[],
  holdings: WalletHoldings,
): { nftGates: NftGateInput[]; tokenGates: TokenGateInput[] } {
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
      throw new AppError("CHAIN_UNAVAILABLE", "Wallet holdings could not be read from the chain. Please retry.", {
        cause: error,
      });
    }
    throw error;
  }
}

/** Decimals only dress a description: a malformed token address leaves them unknown. */
function unlessUnavailable(error: unknown): null {
  if (error instanceof AppError) throw error;
  return null;
}
