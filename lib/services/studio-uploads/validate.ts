// The studio's check of an uploaded folder: exactly `npm run drop -- validate` (readDropFolder
// over the uploaded files), every problem with its file and JSON path at once, plus a preview
// of the drop: the plan the launch would stage (planOf), its images linked to the uploaded files.
import { problem } from "@/lib/domain/folder-problems";
import { readDropFolder, type DropDraft } from "@/lib/launch/read-folder";
import { planOf } from "@/lib/launch/stage-drop";
import { receivedBytes, uploadFolder } from "@/lib/launch/upload-store";
import type { DropPreview, UploadValidation } from "@/lib/schemas/studio-uploads";
import type { DropPlan } from "@/lib/schemas/drop-plan";
import type { ServiceContext } from "../context";
import type { StudioCaller } from "../studio/owned-drops";
import { getOwnUploadOrThrow } from "./uploads";

const PREVIEW_NFTS = 24;

export async function validateUpload(
  ctx: ServiceContext,
  caller: StudioCaller,
  uploadId: string,
): Promise<Omit<UploadValidation, "success">> {
  const record = await getOwnUploadOrThrow(ctx, caller, uploadId);
  const received = await receivedBytes(ctx.config.studioUploadsDir, record);
  const missing = record.files.filter((f, i) => received[i] !== f.size);
  const read = await readDropFolder(uploadFolder(ctx.config.studioUploadsDir, uploadId));
  // A file still on its way is named as such, not left to look like a problem of the folder.
  const notArrived = missing.map((f) => problem(f.path, "", "has not finished uploading"));
  if (!read.ok || missing.length > 0) {
    const missingPaths = new Set(missing.map((f) => f.path));
    const problems = read.ok ? [] : read.problems.filter((p) => !missingPaths.has(p.file));
    return {
      ok: false,
      missingFiles: missing.length,
      problems: [...notArrived, ...problems],
      notes: read.notes,
      preview: null,
    };
  }
  return { ok: true, missingFiles: 0, problems: [], notes: read.notes, preview: previewOf(read.draft, uploadId) };
}

/** The plan the launch would stage, with each media key linked to the uploaded file it comes from. */
export function previewOf(draft: DropDraft, uploadId: string): DropPreview {
  return summaryOf(stagedPlanOf(draft, uploadId));
}

/**
 * The plan the launch would stage, its media the uploaded files (GET …/files/…). `wallet` adds
 * the `?wallet=` an <img> names its studio wallet with (it cannot send the header).
 */
export function stagedPlanOf(draft: DropDraft, uploadId: string, wallet?: string): DropPlan {
  const files = new Map<string, string>();
  const images = [draft.collection.image, draft.banner, draft.placeholder, ...draft.assets.map((a) => a.image)];
  for (const image of images) if (image) files.set(image.sha256, image.file);
  const query = wallet ? `?wallet=${encodeURIComponent(wallet)}` : "";
  const urlOf = (key: string) => {
    const sha = key.slice(key.indexOf("/") + 1).split(".")[0] ?? "";
    const file = files.get(sha) ?? "";
    return `/api/studio/uploads/${uploadId}/files/${file.split("/").map(encodeURIComponent).join("/")}${query}`;
  };
  return planOf(draft, { urlOf });
}

function summaryOf(plan: DropPlan): DropPreview {
  return {
    shortId: plan.shortId,
    name: plan.name,
    symbol: plan.symbol,
    description: plan.description,
    image: plan.image,
    bannerImage: plan.bannerImage,
    externalUrl: plan.externalUrl,
    twitter: plan.twitter,
    discord: plan.discord,
    treasury: plan.treasury,
    supply: plan.nfts.length,
    fair: plan.fair,
    delayedReveal: plan.reveal !== null,
    phases: plan.phases.map((phase) => ({
      name: phase.name,
      startDate: phase.startDate,
      endDate: phase.endDate,
      priceModel: phase.priceModel,
      price: phase.price,
      maxPerWallet: phase.maxPerWallet,
      phaseSupply: phase.phaseSupply,
      gate: phase.allowlist ? "allowlist" : phase.tokenGate ? "token" : phase.nftGate ? "nft" : "public",
      allowlistSize: phase.allowlist?.length ?? null,
    })),
    nfts: plan.nfts.slice(0, PREVIEW_NFTS).map((nft) => ({
      tokenId: nft.tokenId,
      name: nft.name,
      image: nft.previewImageUrl,
      attributes: nft.attributes,
    })),
    claimCodeBatches: plan.claimCodeBatches.length,
    bounties: plan.bounties.length,
  };
}
