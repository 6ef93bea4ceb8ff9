// First-party code check: the partner validate's service (checkClaimCode, read-only, never
// consumes the code) with a sentence for the site to show when the code is not valid.
import type { ClaimCodeCheck } from "@/lib/schemas/claim-codes";
import type { PublicCodeCheck } from "@/lib/schemas/code-validate";
import { checkClaimCode } from "./claim-codes";
import type { ServiceContext } from "./context";

const ERRORS: Record<NonNullable<ClaimCodeCheck["reason"]> | "unknown", string> = {
  unknown: "This code is not valid for this drop.",
  disabled: "This code has been disabled.",
  expired: "This code has expired.",
  used_up: "This code has no uses left.",
};

export async function checkCodeForSite(
  ctx: ServiceContext,
  collectionId: string,
  code: string,
): Promise<PublicCodeCheck> {
  const check = await checkClaimCode(ctx, collectionId, code);
  return check.valid ? check : { ...check, error: ERRORS[check.reason ?? "unknown"] };
}
