// The launch of a checked folder, shared by `npm run drop -- create|update` and the studio
// (POST /api/studio/uploads/[uploadId]/launch): store the media, stage the plan, run the
// create or update service, then either clear what the drop no longer uses or, on a refusal,
// take back what this run stored that no drop uses. One path, so a drop launched from the
// browser is the drop the command would have made from the same folder.
import type { MediaStore } from "@/lib/media/media-store";
import { removeStagedPlan } from "@/lib/fs/launch-files";
import type { AdminDropsCommand, AdminDropsResponse } from "@/lib/schemas/drop-plan";
import type { DropDraft } from "./read-folder";
import { clearUnreferencedMedia, planOf, stagePlan, storeDraftMedia, type StageProgress } from "./stage-drop";

/** Where the create, update and show services run: this process, or the site that holds the database. */
export type LaunchTarget = { run(command: AdminDropsCommand): Promise<AdminDropsResponse>; close(): Promise<void> };

export type LaunchOptions<T extends LaunchTarget = LaunchTarget> = {
  dataDir: string;
  store: MediaStore;
  /** Reads and checks the folder; throws (with the problems) when it is refused. */
  readDraft: () => Promise<DropDraft>;
  /** Opened once the media are stored and the plan staged (the draft is out of reach by then). */
  openTarget: () => Promise<T>;
  action: "create" | "update";
  /** The wallet that owns the drop (the studio's signed-in creator); the CLI leaves it to the plan. */
  creatorWallet?: string;
  onStore?: StageProgress;
  /** Called once the target is open, before the service runs (the CLI prints where). */
  onRun?: (target: T) => void;
};

export type LaunchResult = { result: AdminDropsResponse; cleared: number; seconds: number };

type Staged = { shortId: string; keys: string[]; before: Set<string> };

/**
 * Checks the folder, stores its media and stages its plan. The draft and the plan (10,000
 * NFTs' metadata) stay in here: the database and the chain open beside as little of the heap
 * as possible.
 */
async function stageDraft<T extends LaunchTarget>(options: LaunchOptions<T>): Promise<Staged> {
  const draft = await options.readDraft();
  const { store } = options;
  const before = new Set(await store.list(draft.shortId));
  const keys = await storeDraftMedia(draft, store, options.onStore);
  const plan = planOf(draft, store);
  await stagePlan(options.dataDir, options.creatorWallet ? { ...plan, creatorWallet: options.creatorWallet } : plan);
  return { shortId: draft.shortId, keys, before };
}

/** Runs the whole launch; a refusal is rethrown after what this run stored that no drop uses is taken back. */
export async function launchDraft<T extends LaunchTarget>(options: LaunchOptions<T>): Promise<LaunchResult> {
  const { dataDir, store, action } = options;
  const { shortId, keys, before } = await stageDraft(options);
  const target = await options.openTarget();
  try {
    options.onRun?.(target);
    const started = Date.now();
    let result: AdminDropsResponse;
    try {
      result = await target.run({ action, shortId });
    } catch (error) {
      await removeStagedPlan(dataDir, shortId);
      const owner = await target.run({ action: "show", shortId }).catch(() => null);
      const used = new Set(owner?.media ?? []);
      for (const key of keys) if (!before.has(key) && !used.has(key)) await store.remove(key);
      throw error;
    }
    await removeStagedPlan(dataDir, shortId);
    const cleared = await clearUnreferencedMedia(store, shortId, result.media);
    return { result, cleared, seconds: (Date.now() - started) / 1000 };
  } finally {
    await target.close();
  }
}
