// The format rules of a claim code, checked before any lookup. Spec: Limits (4 to 1024
// characters after trimming) and behaviour notes (the service upper-cases the code).
// Characters are code points, as JSON Schema counts them, so the OpenAPI document's
// pattern (CLAIM_CODE_PATTERN) is the very rule the server applies.
import { trimmedTextPattern } from "./text-pattern";

export const CLAIM_CODE_MIN_LENGTH = 4;
export const CLAIM_CODE_MAX_LENGTH = 1024;

/**
 * A code a creator makes (`npm run drop`, dropmint.json) has at least this many characters
 * (letters, digits, dashes). Checks are budgeted per client and per caller on a drop, not
 * by one bucket everyone shares (that bucket was a lever to lock every collector out), so
 * guessing from many addresses is answered by the code itself: 12 characters of 37 symbols
 * are far beyond what any number of addresses can try. The shorter codes the demo drops
 * seed on the local chain stay as they are: they are published in the README anyway.
 */
export const CREATOR_CLAIM_CODE_MIN_LENGTH = 12;
export const CREATOR_CLAIM_CODE_MAX_LENGTH = 64;

/** Trimmed length in code points (an emoji is one character, as JSON Schema counts it). */
export function isClaimCodeLengthValid(trimmed: string): boolean {
  const length = [...trimmed].length;
  return length >= CLAIM_CODE_MIN_LENGTH && length <= CLAIM_CODE_MAX_LENGTH;
}

/** A whole claim code as sent: 4..1024 code points once trimmed, no control characters. */
export const CLAIM_CODE_PATTERN = trimmedTextPattern(CLAIM_CODE_MIN_LENGTH, CLAIM_CODE_MAX_LENGTH);

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
