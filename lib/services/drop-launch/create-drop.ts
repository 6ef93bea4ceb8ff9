// `npm run drop -- create`: a staged plan becomes a live drop. The collection is created on
// chain first, under a key derived from the short ID (lib/chain/collection-keys.ts), so a
// run that dies after it landed reuses it next time instead of paying for a second one;
// then the whole drop (collection, phases, allowlists, gates, NFTs, fair order, codes,
// bounties) is written in one transaction, so the database has all of it or none.
import { PublicKey } from "@solana/web3.js";
import {
  buildCollectionGroupMintTransaction,
  collectionKeypairForDrop,
  rentExemptLamports,
  TOKEN_2022_PROGRAM_ID,
} from "@/lib/chain";
import { AppError } from "@/lib/errors";
import type { DropPlan } from "@/lib/schemas/drop-plan";
import type { ServiceContext } from "../context";
import { collectionFieldsOf, writeExtras, writeNfts, writePhases } from "./drop-rows";
import { assertGateCollectionsKnown } from "./gate-collections";
import { assertPhasesSettle } from "./phase-payments";
import { describeDrop, type DropReport } from "./describe-drop";

/** Enough for the collection account's rent and its fee, with room. */
const COLLECTION_COST_LAMPORTS = rentExemptLamports(1024) + 1_000_000n;
const LOCALNET_FUNDING_LAMPORTS = 10_000_000_000n;

export type CreateOutcome = DropReport & { outcome: "created" | "already-created" };

export async function createDropFromPlan(ctx: ServiceContext, plan: DropPlan): Promise<CreateOutcome> {
  const existing = await ctx.db.collection.findUnique({
    where: { shortId: plan.shortId },
    select: { id: true, importFingerprint: true },
  });
  if (existing) {
    if (existing.importFingerprint === plan.fingerprint)
      return { outcome: "already-created", ...(await describeDrop(ctx, plan.shortId)) };
    throw new AppError(
      "LAUNCH_REFUSED",
      existing.importFingerprint
        ? `A drop with the short ID "${plan.shortId}" was already created from a different version of this folder: run update to change it, or set another shortId in dropmint.json for a new drop.`
        : `The short ID "${plan.shortId}" belongs to another drop: set another shortId in dropmint.json.`,
    );
  }
  assertPhasesSettle(plan);
  await assertGateCollectionsKnown(ctx, plan);
  const collectionAddress = await ensureCollectionOnChain(ctx, plan);
  const collectionId = crypto.randomUUID();
  await ctx.db.$transaction(
    async (tx) => {
      await tx.collection.create({ data: { id: collectionId, ...collectionFieldsOf(ctx, plan), collectionAddress } });
      const phaseIds = await writePhases(tx, collectionId, plan);
      const fair = await writeNfts(tx, collectionId, plan);
      if (fair) await tx.collection.update({ where: { id: collectionId }, data: fair });
      await writeExtras(tx, collectionId, plan, phaseIds);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  return { outcome: "created", ...(await describeDrop(ctx, plan.shortId)) };
}

/** The collection group mint of the drop, created once: found on chain when an earlier run already paid for it. */
export async function ensureCollectionOnChain(ctx: ServiceContext, plan: DropPlan): Promise<string> {
  const groupMint = collectionKeypairForDrop(ctx.keys.mintKeySecret, plan.shortId);
  const address = groupMint.publicKey.toBase58();
  const account = await ctx.chain.getAccountInfo(address);
  if (account) {
    if (account.owner !== TOKEN_2022_PROGRAM_ID)
      throw new AppError(
        "LAUNCH_REFUSED",
        `The collection address ${address} is taken on chain by an account that is not a Token-2022 mint.`,
      );
    return address;
  }
  const authority = ctx.keys.mintAuthority.publicKey.toBase58();
  const balance = await ctx.chain.getBalance(authority);
  if (balance < COLLECTION_COST_LAMPORTS) {
    if (ctx.chain.cluster !== "localnet") {
      throw new AppError(
        "LAUNCH_REFUSED",
        `The mint authority ${authority} holds too little SOL to create the collection: send it at least 0.02 SOL and run create again.`,
      );
    }
    await ctx.chain.airdrop(authority, LOCALNET_FUNDING_LAMPORTS);
  }
  const { blockhash } = await ctx.chain.getLatestBlockhash();
  const { transaction } = buildCollectionGroupMintTransaction({
    mintAuthority: ctx.keys.mintAuthority,
    groupMint,
    name: plan.name,
    symbol: plan.symbol,
    uri: `${ctx.publicBaseUrl}/d/${plan.shortId}`,
    maxSize: BigInt(plan.nfts.length),
    recentBlockhash: blockhash,
  });
  await ctx.chain.sendRawTransaction(transaction.serialize());
  return new PublicKey(address).toBase58();
}
