// Plain-words sentences for the codes only the creator studio answers (lib/errors/codes.ts
// StudioOnlyCode: its own and the upload's), kept out of error-messages.ts so the public
// pages' bundles never carry them.
import type { StudioOnlyCode } from "@/lib/errors";
import { describeError } from "./error-messages";

const STUDIO_SENTENCES: Record<StudioOnlyCode, string> = {
  STUDIO_NOT_ALLOWED: "This wallet isn't on the site's list of creators. Ask the site's operator to add it.",
  ALLOWLIST_INVALID: "Some lines of the allowlist aren't wallet addresses. Fix the lines listed and upload it again.",
  UPLOAD_NOT_FOUND: "This upload is no longer here. Please start again by choosing your folder.",
  UPLOAD_PATH_REFUSED: "Some files have names that can't be uploaded. The list below says which.",
  UPLOAD_TOO_LARGE: "The folder or one of its files is too large to upload.",
  UPLOAD_RANGE_INVALID: "A file changed while it was uploading. Please choose the folder again.",
  UPLOAD_OFFSET_MISMATCH: "Part of a file arrived twice. The upload picks up where it stopped.",
  UPLOAD_BUSY: "This is already in progress. Please wait a moment.",
  UPLOAD_LIMIT_REACHED: "You have too many uploads open. Launch one, or try again tomorrow.",
  UPLOAD_HAS_PROBLEMS: "The folder has problems to fix first. The list below says where.",
};

export function studioErrorSentence(code: string): string | null {
  return Object.hasOwn(STUDIO_SENTENCES, code) ? STUDIO_SENTENCES[code as StudioOnlyCode] : null;
}

/** describeError, knowing the studio's own codes too (from the studio client or the upload page's calls). */
export function describeStudioError(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  return studioErrorSentence(code) ?? describeError(error);
}
