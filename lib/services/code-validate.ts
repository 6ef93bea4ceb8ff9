// First-party code check: the partner validate's service (checkClaimCode, read-only, never
// consumes the code) with a sentence for the site to show when the code is not valid.
import type { Db } from "@/lib/db/client";
import type { ClaimCodeCheck } from "@/lib/schemas/claim-codes";
import type { PublicCodeCheck } from "@/lib/schemas/code-validate";
import { checkClaimCode } from "./claim-codes";

const ERRORS: Record<NonNullable<ClaimCodeCheck["reason"]> | "unknown", string> = {
  unknown: "This code is not valid for this drop.",
  disabled: "This code has been disabled.",
  expired: "This code has expired.",
  used_up: "This code has no uses left.",
};

export async function checkCodeForSite(db: Db, collectionId: string, code: string, now: Date): Promise<PublicCodeCheck> {
  const check = await checkClaimCode(db, collectionId, code, now);
  return check.valid ? check : { ...check, error: ERRORS[check.reason ?? "unknown"] };
}
