// From a checked folder to a staged drop: stores every image and its web-sized variant in
// the media store (skipping what is already there: keys name content, so a resumed run
// uploads only what is missing), then writes the drop plan to
// `<DATA_DIR>/launches/<shortId>.json`, which the create and update services read.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseUnits } from "@/lib/domain/parse-units";
import { parseSugarDate } from "@/lib/domain/sugar-values";
import { writeFileAtomic } from "@/lib/fs/atomic-file";
import { webVariant, VARIANT_WIDTH } from "@/lib/media/images";
import type { MediaStore } from "@/lib/media/media-store";
import { bountyPlanOf, claimCodeBatchPlanOf, type DropPlan, type DropPlanPhase } from "@/lib/schemas/drop-plan";
import { stagedPlanPath } from "@/lib/fs/launch-files";
import { openInsideFolder, readInsideFolder, readRefusal } from "./folder-files";
import { limiter, runPool } from "./run-pool";
import type { DraftAnimation, DraftImage, DropDraft } from "./read-folder";

export type StageProgress = (done: number, total: number) => void;

/** Files stored at once (each is written whole or not at all, so a kill mid-way leaves no torn file). */
const STORE_CONCURRENCY = 16;
/** Web variants encoded at once (sharp, on the thread pool). */
const ENCODE_CONCURRENCY = 2;

const MIME = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" } as const;

const originalKey = (shortId: string, image: DraftImage) => `${shortId}/${image.sha256}.${image.info.ext}`;
const variantKey = (shortId: string, image: DraftImage) => `${shortId}/${image.sha256}.w${VARIANT_WIDTH}.webp`;
const animationKey = (shortId: string, animation: DraftAnimation) =>
  `${shortId}/${animation.sha256}.${animation.info.ext}`;

type Rendition =
  | { kind: "image"; image: DraftImage; key: string; variant: boolean }
  | { kind: "animation"; animation: DraftAnimation; key: string };

/**
 * Every stored file the drop uses, each once: an NFT's original, its web-sized variant and its
 * animation, the cover's and the placeholder's variant, the banner's original.
 */
function renditionsOf(draft: DropDraft): Rendition[] {
  const { shortId } = draft;
  const wanted: Rendition[] = [];
  const add = (image: DraftImage | null, original: boolean, variant: boolean) => {
    if (!image) return;
    if (original) wanted.push({ kind: "image", image, key: originalKey(shortId, image), variant: false });
    if (variant) wanted.push({ kind: "image", image, key: variantKey(shortId, image), variant: true });
  };
  for (const asset of draft.assets) {
    add(asset.image, true, true);
    if (asset.animation)
      wanted.push({ kind: "animation", animation: asset.animation, key: animationKey(shortId, asset.animation) });
  }
  add(draft.collection.image, false, true);
  add(draft.placeholder, false, true);
  add(draft.banner, true, false);
  return [...new Map(wanted.map((r) => [r.key, r])).values()];
}

/** Stores what is missing; `onImage` reports each file done (stored or already there). Returns every key the drop uses. */
export async function storeDraftMedia(draft: DropDraft, store: MediaStore, onImage?: StageProgress): Promise<string[]> {
  const renditions = renditionsOf(draft);
  // One listing instead of a question per file (a bucket answers 10,000 HEADs slowly).
  const stored = new Set(await store.list(draft.shortId));
  const encode = limiter(ENCODE_CONCURRENCY);
  let done = 0;
  const jobs = renditions.map((rendition) => async () => {
    if (!stored.has(rendition.key)) await storeRendition(draft.folder, rendition, store, encode);
    onImage?.(++done, renditions.length);
  });
  await runPool(jobs, STORE_CONCURRENCY);
  return renditions.map((r) => r.key);
}

async function storeRendition(
  folder: string,
  rendition: Rendition,
  store: MediaStore,
  encode: ReturnType<typeof limiter>,
): Promise<void> {
  if (rendition.kind === "image" && rendition.variant) {
    const { image } = rendition;
    // Read inside the limiter: only the images being encoded are held in memory.
    const variant = await encode(async () => {
      const read = await readInsideFolder(folder, image.file);
      if (!read.ok) throw new Error(`${image.file} ${readRefusal(read)}`);
      return webVariant(read.bytes, image.info);
    });
    await store.put(rendition.key, variant);
    return;
  }
  // Originals and animations are copied as they are: streamed from the folder, never held whole.
  const file = rendition.kind === "image" ? rendition.image.file : rendition.animation.file;
  const opened = await openInsideFolder(folder, file);
  if (!opened.ok) throw new Error(`${file} ${readRefusal(opened)}`);
  try {
    await store.putStream(rendition.key, opened.handle.createReadStream({ autoClose: false }), opened.size);
  } finally {
    await opened.handle.close();
  }
}

/** The drop plan of a draft whose media are stored in `store`. */
export function planOf(draft: DropDraft, store: Pick<MediaStore, "urlOf">): DropPlan {
  const { shortId, config, extras } = draft;
  const url = (image: DraftImage) => store.urlOf(originalKey(shortId, image));
  const webUrl = (image: DraftImage) => store.urlOf(variantKey(shortId, image));
  const collectionMeta = draft.collection.metadata;
  const revealAt = extras.reveal?.at ? parseSugarDate(extras.reveal.at) : null;
  return {
    fingerprint: draft.fingerprint,
    shortId,
    name: collectionMeta.name,
    symbol: config.symbol,
    description: collectionMeta.description || null,
    image: webUrl(draft.collection.image),
    bannerImage: draft.banner ? url(draft.banner) : null,
    externalUrl: extras.externalUrl ?? collectionMeta.external_url ?? null,
    twitter: extras.twitter ?? null,
    discord: extras.discord ?? null,
    treasury: draft.treasury,
    sellerFeeBasisPoints: config.sellerFeeBasisPoints,
    creators: config.creators,
    // Sugar's candy machine hands out items in a random order unless isSequential; hidden art
    // is committed to as well. Both become Dropmint's provably fair order.
    fair: config.isSequential !== true || Boolean(config.hiddenSettings),
    reveal: config.hiddenSettings
      ? {
          assetsHash: draft.assetsHash,
          placeholderImage: webUrl(draft.placeholder ?? draft.collection.image),
          revealAt: revealAt ? revealAt.toISOString() : null,
        }
      : null,
    phases: draft.phases.map((phase) => phasePlan(phase, extras.phases?.[phase.label ?? "default"])),
    nfts: draft.assets.map((asset) => ({
      tokenId: asset.index,
      name: asset.metadata.name,
      description: asset.metadata.description || null,
      imageUrl: url(asset.image),
      previewImageUrl: webUrl(asset.image),
      mediaType: asset.animation ? asset.animation.info.contentType : MIME[asset.image.info.ext],
      // Sugar links the uploaded file; without one it keeps a complete link the creator wrote.
      animationUrl: asset.animation
        ? store.urlOf(animationKey(shortId, asset.animation))
        : asset.metadata.animation_url && /^https:\/\//.test(asset.metadata.animation_url)
          ? asset.metadata.animation_url
          : null,
      attributes: (asset.metadata.attributes ?? []).map((a) => ({ trait_type: a.trait_type, value: a.value })),
    })),
    claimCodeBatches: (extras.claimCodes ?? []).map(claimCodeBatchPlanOf),
    bounties: (extras.bounties ?? []).map(bountyPlanOf),
    media: renditionsOf(draft).map((r) => r.key),
  };
}

type PhaseExtras = NonNullable<DropDraft["extras"]["phases"]>[string];

function phasePlan(phase: DropDraft["phases"][number], extras: PhaseExtras | undefined): DropPlanPhase {
  const price = extras?.price;
  const lamports = (sol: number) => parseUnits(sol.toFixed(9), 9).toString();
  return {
    label: phase.label,
    name: extras?.name ?? phase.name,
    startDate: phase.startDate?.toISOString() ?? null,
    endDate: phase.endDate?.toISOString() ?? null,
    priceModel: price?.kind ?? "fixed",
    price:
      price?.kind === "dutch" ? lamports(price.startPrice) : price?.kind === "pegged" ? "0" : phase.price.toString(),
    dutchConfig:
      price?.kind === "dutch"
        ? {
            basePrice: lamports(price.startPrice),
            floorPrice: lamports(price.floorPrice),
            ceilingPrice: lamports(price.ceilingPrice ?? price.startPrice),
            decayAmount: lamports(price.decayAmount),
            decayIntervalMinutes: price.decayIntervalMinutes,
            surgePremium: lamports(price.surgePremium),
            surgeThreshold: price.surgeThreshold,
            surgeWindowMinutes: price.surgeWindowMinutes,
          }
        : null,
    pegConfig:
      price?.kind === "pegged"
        ? {
            pegMode: price.pegMode,
            target: price.target,
            ...(price.slippageTolerance !== undefined ? { slippageTolerance: price.slippageTolerance } : {}),
            ...(price.validitySeconds !== undefined ? { validitySeconds: price.validitySeconds } : {}),
          }
        : null,
    bogo: extras?.bogo ?? null,
    maxPerWallet: phase.maxPerWallet,
    maxPerTransaction: extras?.maxPerTransaction ?? null,
    phaseSupply: phase.phaseSupply,
    allowlist: phase.allowlist,
    tokenGate: phase.tokenGate ? { mint: phase.tokenGate.mint, minAmount: phase.tokenGate.minAmount.toString() } : null,
    nftGate: phase.nftGate,
  };
}

/** Writes the plan where the services read it (whole, or not at all). */
export async function stagePlan(dataDir: string, plan: DropPlan): Promise<string> {
  const file = stagedPlanPath(dataDir, plan.shortId);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, [Buffer.from(JSON.stringify(plan))]);
  return file;
}

/**
 * Deletes what the drop's folder in the store holds beyond `keep`: media of images the
 * creator replaced or removed, and the leftovers of an interrupted write.
 */
export async function clearUnreferencedMedia(
  store: MediaStore,
  shortId: string,
  keep: readonly string[],
): Promise<number> {
  const wanted = new Set(keep);
  let removed = 0;
  for (const key of await store.list(shortId)) {
    if (wanted.has(key)) continue;
    await store.remove(key);
    removed++;
  }
  return removed;
}
