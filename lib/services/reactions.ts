// A signed-in collector reacts to a minted NFT, or takes a reaction back. The route proves
// the wallet and spends its reaction budgets first. Writes are idempotent: the row's unique
// key (NFT, wallet, kind) holds one reaction of each kind, and the Reaction trigger
// announces the drop's NFTs as changed so every instance's feeds show the new counts.
import type { ReactionKind } from "@/lib/domain/reactions";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "./context";
import { assertWalletNotBlocked } from "./mint/wallet-block";
import { assertNotBlocked } from "./profile-edit";

export type ReactionInput = { wallet: string; nftId: string; reaction: ReactionKind; active: boolean };
export type ReactionState = { nftId: string; reactions: Record<string, number>; mine: string[] };

export async function setReaction(ctx: ServiceContext, input: ReactionInput): Promise<ReactionState> {
  const { wallet, nftId, reaction, active } = input;
  const nft = await ctx.db.nft.findUnique({
    where: { id: nftId },
    select: { collectionId: true, mint: { select: { id: true } } },
  });
  if (!nft?.mint) throw new AppError("NFT_NOT_FOUND", "No minted NFT has that id.");
  await assertNotBlocked(ctx, wallet);
  await assertWalletNotBlocked(ctx.db, nft.collectionId, wallet, ctx.clock.now());
  if (active) await addReaction(ctx, nftId, wallet, reaction);
  else await ctx.db.reaction.deleteMany({ where: { nftId, walletAddress: wallet, emoji: reaction } });
  return reactionState(ctx, nftId, wallet);
}

/** Adds it unless the wallet already gave this one; a concurrent twin loses on the unique key, harmlessly. */
async function addReaction(ctx: ServiceContext, nftId: string, wallet: string, emoji: string): Promise<void> {
  await ctx.db.reaction.createMany({ data: [{ nftId, walletAddress: wallet, emoji }], skipDuplicates: true });
}

/** The NFT's counts per kind, and the kinds this wallet gave. */
export async function reactionState(ctx: ServiceContext, nftId: string, wallet: string): Promise<ReactionState> {
  const [groups, own] = await Promise.all([
    ctx.db.reaction.groupBy({ by: ["emoji"], where: { nftId }, _count: { _all: true } }),
    ctx.db.reaction.findMany({ where: { nftId, walletAddress: wallet }, select: { emoji: true } }),
  ]);
  const reactions = Object.fromEntries(groups.map((g) => [g.emoji, g._count._all]));
  return { nftId, reactions, mine: own.map((r) => r.emoji) };
}
