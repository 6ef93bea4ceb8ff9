// Plain-words sentences for the codes only the creator studio answers (lib/errors/codes.ts
// StudioOnlyCode), kept out of error-messages.ts so the public pages' bundles never carry them.
import type { StudioOnlyCode } from "@/lib/errors";
import { describeError } from "./error-messages";
import { isClientError } from "./errors";

const STUDIO_SENTENCES: Record<StudioOnlyCode, string> = {
  STUDIO_NOT_ALLOWED: "This wallet isn't on the site's list of creators. Ask the site's operator to add it.",
  ALLOWLIST_INVALID: "Some lines of the allowlist aren't wallet addresses. Fix the lines listed and upload it again.",
};

export function studioErrorSentence(code: string): string | null {
  return Object.hasOwn(STUDIO_SENTENCES, code) ? STUDIO_SENTENCES[code as StudioOnlyCode] : null;
}

/** describeError, knowing the studio's own codes too. */
export function describeStudioError(error: unknown): string {
  return (isClientError(error) && studioErrorSentence(error.code)) || describeError(error);
}
