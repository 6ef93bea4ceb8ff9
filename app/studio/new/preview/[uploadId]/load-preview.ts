// Who may see an upload's preview: the wallet `?wallet=` names, proven by this browser's
// cookies, let in as a creator, and the upload's owner (or an admin). Anyone else, and an
// upload that is not there, get the same 404.
import { requireProvenCreator } from "@/lib/api/studio-auth";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "@/lib/services/context";
import { previewDropPage, type DropPagePreview } from "@/lib/services/studio-uploads";

const HIDDEN = new Set(["WALLET_PROOF_REQUIRED", "STUDIO_NOT_ALLOWED", "UPLOAD_NOT_FOUND"]);

/** The preview, or null for anyone but its owner (the page answers 404). */
export async function loadDropPreview(
  ctx: ServiceContext,
  request: { uploadId: string; wallet: string; cookie: string | null },
): Promise<DropPagePreview | null> {
  try {
    const caller = await requireProvenCreator(ctx, request.cookie, request.wallet);
    return await previewDropPage(ctx, caller, request.uploadId);
  } catch (error) {
    if (error instanceof AppError && HIDDEN.has(error.code)) return null;
    throw error;
  }
}
