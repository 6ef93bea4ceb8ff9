// The drop's prize account for its creator: its address (to send funds to), its SOL balance,
// and per token what the prizes still owed need against what it holds. Owed: every unclaimed
// token bounty, and every prize won and not yet paid out (a pending award). Recurring pools
// are draws, not promises, and stay out, as in the public bounty summary.
import { KeyedCache } from "@/lib/cache/keyed-cache";
import { readPaymentToken, tokenBalanceOf } from "@/lib/chain";
import { NATIVE_SOL_MINT } from "@/lib/domain/bounty-summary";
import { prizeFunding, type OwedPrize } from "@/lib/domain/drop-dashboard";
import { createLogger } from "@/lib/log";
import { prizeAccountOf } from "./bounty-payouts";
import type { ServiceContext } from "./context";

const log = createLogger("studio");
const prizeFields = { tokenMint: true, tokenSymbol: true, tokenDecimals: true, amount: true } as const;

export async function getPrizeAccountMoney(ctx: ServiceContext, collectionId: string) {
  const { db } = ctx;
  const address = prizeAccountOf(ctx, collectionId);
  const [bounties, awards, freeMintPrizes, nftPrizes] = await Promise.all([
    db.bounty.findMany({ where: { collectionId, isClaimed: false, bountyType: "token" }, select: prizeFields }),
    db.bountyAward.findMany({
      where: { collectionId, payoutStatus: "pending", bountyType: { notIn: ["free_mint", "nft", "grant"] } },
      select: prizeFields,
    }),
    db.bounty.count({ where: { collectionId, isClaimed: false, bountyType: "free_mint" } }),
    db.bounty.count({ where: { collectionId, isClaimed: false, bountyType: "nft" } }),
  ]);
  const owed: OwedPrize[] = [...bounties, ...awards];
  const held = await balancesOf(ctx, address, owed);
  return {
    address,
    lamports: held?.get(NATIVE_SOL_MINT)?.toString() ?? null,
    funding: prizeFunding(owed, held ?? new Map()).map((f) => ({
      ...f,
      neededRaw: f.neededRaw.toString(),
      heldRaw: f.heldRaw.toString(),
      shortfallRaw: f.shortfallRaw.toString(),
    })),
    freeMintPrizes,
    nftPrizes,
  };
}

// The account's balances, kept 10 s per account and set of tokens: an open dashboard polls every
// 2 s, and on an RPC node each read would spend the creator's chain budget (60 a minute by default).
const balances = new KeyedCache<string, Map<string, bigint>>({ maxAgeMs: 10_000, maxEntries: 1_000 });

/** What the account holds of SOL and of each owed token; null when the chain cannot be read now. */
async function balancesOf(ctx: ServiceContext, owner: string, owed: readonly OwedPrize[]) {
  const mints = [...new Set(owed.map((p) => p.tokenMint).filter((m): m is string => !!m && m !== NATIVE_SOL_MINT))];
  try {
    return await balances.get([owner, ...mints.sort()].join(" "), async () => {
      const held = new Map<string, bigint>([[NATIVE_SOL_MINT, await ctx.chain.getBalance(owner)]]);
      for (const mint of mints) {
        const token = await readPaymentToken(ctx.chain, mint);
        held.set(mint, token ? await tokenBalanceOf(ctx.chain, owner, token) : 0n);
      }
      return held;
    });
  } catch (error) {
    log.warn(`could not read the prize account ${owner}`, error);
    return null;
  }
}
