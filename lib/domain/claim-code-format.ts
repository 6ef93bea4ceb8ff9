// The format rules of a claim code, checked before any lookup. Spec: Limits (4 to 1024
// UTF-16 code units after trimming) and behaviour notes (the service upper-cases the code).

export const CLAIM_CODE_MIN_LENGTH = 4;
export const CLAIM_CODE_MAX_LENGTH = 1024;

/** Trimmed length in UTF-16 code units (JS `.length`), as the spec counts it. */
export function isClaimCodeLengthValid(trimmed: string): boolean {
  return trimmed.length >= CLAIM_CODE_MIN_LENGTH && trimmed.length <= CLAIM_CODE_MAX_LENGTH;
}

/** The stored form: trimmed, then upper-cased locale-independently. */
export function normalizeClaimCode(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * Whether a normalized code could be stored at all. PostgreSQL text cannot hold U+0000 and
 * a lone surrogate has no UTF-8 form, so such a code cannot exist: it answers like an
 * unknown code without a lookup (no other drop's code can contain them either).
 */
export function isStorableClaimCode(code: string): boolean {
  return !code.includes("\u0000") && !LONE_SURROGATE.test(code);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
