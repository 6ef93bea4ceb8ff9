// The drop page before launch (issue 26: "the creator previews the drop page, then launches").
// The validated draft becomes the plan the launch would stage (stagedPlanOf, planOf), then the
// rows create would write from it (drop-rows.ts's own field mappings), kept in memory and
// never written, then the very views the public drop page reads a stored drop through
// (collectionViewOf, bountySummaryOf, bountyBoardOf). Its media are the uploaded files.
import { collectionKeypairForDrop } from "@/lib/chain";
import type { Bounty, Collection, Phase } from "@/lib/db/generated/client";
import { readDropFolder } from "@/lib/launch/read-folder";
import { receivedBytes, uploadFolder } from "@/lib/launch/upload-store";
import type { BountyPrizesView, BountySummaryView } from "@/lib/schemas/bounties";
import type { CollectionResponse } from "@/lib/schemas/collection";
import type { DropPlan } from "@/lib/schemas/drop-plan";
import { bountyBoardOf, bountySummaryOf, type BountyWithAward } from "../bounties";
import { collectionViewOf } from "../collections";
import type { ServiceContext } from "../context";
import { bountyFieldsOf, collectionFieldsOf, phaseFieldsOf } from "../drop-launch/drop-rows";
import type { PhaseWithGates } from "../drop-snapshot";
import type { StudioCaller } from "../studio/owned-drops";
import { getOwnUploadOrThrow } from "./uploads";
import { stagedPlanOf } from "./validate";

export type DropPagePreview =
  | { ok: false; problems: number }
  | {
      ok: true;
      shortId: string;
      /** A provably fair drop: its commitment is made at launch, so the preview's view has none yet. */
      fair: boolean;
      collection: CollectionResponse;
      bounties: { summary: BountySummaryView; prizes: BountyPrizesView };
    };

/** The caller's upload as its drop page would show it (404 UPLOAD_NOT_FOUND for another's). */
export async function previewDropPage(
  ctx: ServiceContext,
  caller: StudioCaller,
  uploadId: string,
): Promise<DropPagePreview> {
  const record = await getOwnUploadOrThrow(ctx, caller, uploadId);
  const received = await receivedBytes(ctx.config.studioUploadsDir, record);
  const missing = record.files.filter((f, i) => received[i] !== f.size).length;
  const read = await readDropFolder(uploadFolder(ctx.config.studioUploadsDir, uploadId));
  if (!read.ok || missing > 0) return { ok: false, problems: missing + (read.ok ? 0 : read.problems.length) };
  const plan = { ...stagedPlanOf(read.draft, uploadId, caller.wallet), creatorWallet: record.wallet };
  const { collection, phases, bounties } = draftRowsOf(ctx, plan);
  const view = await collectionViewOf(ctx, {
    collection,
    phases,
    minted: 0,
    mintedByPhase: {},
    hasClaimCodes: plan.claimCodeBatches.length > 0,
  });
  const board = { collection, sections: [], unsectioned: bounties, inventory: [], pools: [] };
  return {
    ok: true,
    shortId: plan.shortId,
    fair: plan.fair,
    collection: { success: true, ...view },
    bounties: { summary: bountySummaryOf(bounties, 0), prizes: bountyBoardOf(ctx, collection.id, board) },
  };
}

/**
 * The rows create would write for the plan, with the columns' database defaults. The drop's
 * on-chain address is the one its launch will create (derived from the short ID); the fair
 * order's commitment is made at launch, so a preview has none yet.
 */
function draftRowsOf(ctx: ServiceContext, plan: DropPlan) {
  const now = ctx.clock.now();
  const id = crypto.randomUUID();
  const fields = collectionFieldsOf(ctx, plan);
  const collection: Collection = {
    ...COLLECTION_DEFAULTS,
    ...fields,
    creators: plan.creators as Collection["creators"],
    launchSettings: null,
    id,
    collectionAddress: collectionKeypairForDrop(ctx.keys.mintKeySecret, plan.shortId).publicKey.toBase58(),
    bountyPrizesEnabled: plan.bounties.length > 0,
    createdAt: now,
    updatedAt: now,
  };
  const phases: PhaseWithGates[] = plan.phases.map((phase, index) => ({
    ...PHASE_DEFAULTS,
    ...phaseFieldsOf(phase, index),
    // As the database hands the JSON columns back: plain JSON, null when absent.
    dutchConfig: (phase.dutchConfig ?? null) as Phase["dutchConfig"],
    pegConfig: (phase.pegConfig ?? null) as Phase["pegConfig"],
    id: crypto.randomUUID(),
    collectionId: id,
    createdAt: now,
    gateRules: [],
  }));
  const bounties: BountyWithAward[] = plan.bounties.map((bounty, index) => ({
    ...BOUNTY_DEFAULTS,
    ...bountyFieldsOf(bounty, index),
    id: crypto.randomUUID(),
    collectionId: id,
    awards: [],
  }));
  return { collection, phases, bounties };
}

/** prisma/schema.prisma's defaults of the columns create leaves to the database. */
const COLLECTION_DEFAULTS = {
  contractAddress: null,
  isVerified: false,
  isFeatured: false,
  allowImageDownload: true,
  isFrozen: false,
  isPlatformPaid: false,
  fairCommitment: null,
  fairSeed: null,
  fairFromToken: null,
  fairToToken: null,
  supportedBySurface: true,
  requiresFeatures: [],
  mintUrl: null,
  instantRevealAfterMint: false,
  timeDelayedReveal: false,
  revealDelayMinutes: null,
  revealAnimationUrl: null,
  revealTransitionType: "fade",
  revealAnimationTrigger: "auto",
  revealTapCaption: null,
  bountyShowOccurrence: true,
  bountyShowWinners: true,
  bountyShowInventoryPreview: true,
} satisfies Partial<Collection>;

const PHASE_DEFAULTS = {
  currency: "SOL",
  currencyDecimals: 9,
  currencyMint: null,
  isPackPhase: false,
} satisfies Partial<Phase>;

const BOUNTY_DEFAULTS = {
  sectionId: null,
  name: null,
  description: null,
  triggerMintCount: null,
  triggerStartsAt: null,
  tokenMint: null,
  tokenSymbol: null,
  tokenDecimals: null,
  amount: null,
  nftName: null,
  nftImageUrl: null,
  nftMintAddress: null,
  grantLabel: null,
  isClaimed: false,
  claimedWinner: null,
  claimedAt: null,
  memo: null,
} satisfies Partial<Bounty>;
