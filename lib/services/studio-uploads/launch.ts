// The studio's launch: the uploaded folder goes through launchDraft, the very path of
// `npm run drop -- create` (the same checks, the same media store, the same create service),
// in this process, with the signed-in creator as the drop's owner. The upload is removed once
// the drop exists. One launch at a time per upload, across every instance that shares the
// staging folder (lib/launch/upload-lease.ts): a double click, or two instances behind one
// address, must not create twice, nor the loser take back media the winner's drop uses.
import { AppError } from "@/lib/errors";
import { launchDraft } from "@/lib/launch/launch-draft";
import { readDropFolder } from "@/lib/launch/read-folder";
import {
  readUploadRecord,
  receivedBytes,
  removeUpload,
  takeLaunchLease,
  uploadFolder,
} from "@/lib/launch/upload-store";
import { openMediaStore } from "@/lib/media/media-store";
import { runDropCommand } from "../drop-launch";
import type { ServiceContext } from "../context";
import type { StudioCaller } from "../studio/owned-drops";
import { getOwnUploadOrThrow } from "./uploads";

/** Launches the upload; the drop is its uploader's (an admin launching a creator's upload launches it for them). */
export async function launchUpload(ctx: ServiceContext, caller: StudioCaller, uploadId: string) {
  const record = await getOwnUploadOrThrow(ctx, caller, uploadId);
  const { wallet } = record;
  const uploads = ctx.config.studioUploadsDir;
  const lease = await takeLaunchLease(uploads, uploadId);
  // Launched meanwhile (by this instance or another): the upload is gone once its drop exists.
  const gone = async () => !(await readUploadRecord(uploads, uploadId));
  if (!lease && (await gone())) throw new AppError("UPLOAD_NOT_FOUND", "No such upload.");
  if (!lease) throw new AppError("UPLOAD_BUSY", "This upload is being launched already.");
  try {
    if (await gone()) throw new AppError("UPLOAD_NOT_FOUND", "No such upload.");
    const received = await receivedBytes(uploads, record);
    const missing = record.files.filter((f, i) => received[i] !== f.size).length;
    const store = await openMediaStore(ctx.config);
    try {
      const { result } = await launchDraft({
        dataDir: ctx.config.dataDir,
        store,
        action: "create",
        creatorWallet: wallet,
        readDraft: () => checkedDraft(ctx, wallet, uploadFolder(uploads, uploadId), missing),
        openTarget: async () => ({ run: (command) => runDropCommand(ctx, command), close: async () => undefined }),
      });
      if (result.outcome !== "created" && result.outcome !== "already-created")
        throw new Error(`create answered ${result.outcome}`);
      await assertOwnDrop(ctx, wallet, result.shortId);
      await removeUpload(uploads, uploadId);
      const { outcome, shortId, collectionId, lines } = result;
      return { outcome, shortId, collectionId, lines, url: `${ctx.publicBaseUrl}/d/${shortId}` };
    } finally {
      store.close();
    }
  } finally {
    await lease.release();
  }
}

/** The folder's draft, or the refusal that lists every problem (as validate does). */
async function checkedDraft(ctx: ServiceContext, wallet: string, folder: string, missingFiles: number) {
  if (missingFiles > 0)
    throw new AppError("UPLOAD_HAS_PROBLEMS", `${missingFiles} files have not finished uploading.`, {
      extra: { missingFiles, problems: [] },
    });
  const read = await readDropFolder(folder);
  if (!read.ok)
    throw new AppError(
      "UPLOAD_HAS_PROBLEMS",
      `The folder has ${read.problems.length} problem${read.problems.length === 1 ? "" : "s"}; nothing was launched.`,
      { extra: { missingFiles: 0, problems: read.problems } },
    );
  // A short ID another wallet's drop holds is refused before anything is stored under it.
  await assertOwnDrop(ctx, wallet, read.draft.shortId);
  return read.draft;
}

async function assertOwnDrop(ctx: ServiceContext, wallet: string, shortId: string): Promise<void> {
  const existing = await ctx.db.collection.findUnique({ where: { shortId }, select: { creatorWallet: true } });
  if (existing && existing.creatorWallet !== wallet)
    throw new AppError(
      "LAUNCH_REFUSED",
      `The short ID "${shortId}" belongs to another drop: set another shortId in dropmint.json.`,
    );
}
