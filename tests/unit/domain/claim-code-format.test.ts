import { describe, expect, it } from "vitest";
import {
  CLAIM_CODE_PATTERN,
  isClaimCodeLengthValid,
  isStorableClaimCode,
  normalizeClaimCode,
} from "@/lib/domain/claim-code-format";
import { validateClaimCodeBodySchema } from "@/lib/schemas/claim-codes";

describe("claim code format", () => {
  // Issue 24: characters are code points, as JSON Schema's lengths and the document's pattern count them.
  it("counts code points after trimming: 4 to 1024", () => {
    expect(isClaimCodeLengthValid("abc")).toBe(false);
    expect(isClaimCodeLengthValid("abcd")).toBe(true);
    expect(isClaimCodeLengthValid("a".repeat(1024))).toBe(true);
    expect(isClaimCodeLengthValid("a".repeat(1025))).toBe(false);
    // 1024 emoji are 1024 code points (2048 UTF-16 units): accepted; one more is too long.
    expect(isClaimCodeLengthValid("😀".repeat(1024))).toBe(true);
    expect(isClaimCodeLengthValid("😀".repeat(1024) + "a")).toBe(false);
    // Three emoji: 3 code points (6 units): too short.
    expect(isClaimCodeLengthValid("😀😀😀")).toBe(false);
    expect(isClaimCodeLengthValid("😀😀😀😀")).toBe(true);
  });

  it("states the rule as one pattern: trimmed, 4 to 1024 code points, no control characters", () => {
    for (const code of ["abcd", "  abcd\n", "😀😀😀😀", "a b c d", "x".repeat(1024), ` ${"😀".repeat(1024)} `])
      expect([code.length, CLAIM_CODE_PATTERN.test(code)]).toEqual([code.length, true]);
    for (const code of ["abc", "  abc  ", "😀😀😀", "x".repeat(1025), "ab\u0000cd", "ab\tcd", "", "    "])
      expect([code.length, CLAIM_CODE_PATTERN.test(code)]).toEqual([code.length, false]);
  });

  it("trims then upper-cases", () => {
    expect(normalizeClaimCode("  sprite-free\t")).toBe("SPRITE-FREE");
    expect(normalizeClaimCode("straße")).toBe("STRASSE");
  });

  it("the body schema checks the trimmed length before upper-casing", () => {
    expect(validateClaimCodeBodySchema.parse({ code: "  abcd  " })).toEqual({ code: "ABCD" });
    expect(validateClaimCodeBodySchema.safeParse({ code: "  abc  " }).success).toBe(false);
    expect(validateClaimCodeBodySchema.safeParse({ code: " " + "x".repeat(1025) }).success).toBe(false);
    // Code points, not UTF-16 units.
    expect(validateClaimCodeBodySchema.safeParse({ code: "😀".repeat(512) + "a" }).success).toBe(true);
    expect(validateClaimCodeBodySchema.safeParse({ code: "😀😀" }).success).toBe(false);
    expect(validateClaimCodeBodySchema.safeParse({ code: "😀😀😀😀" }).success).toBe(true);
    expect(validateClaimCodeBodySchema.safeParse({ code: 1234 }).success).toBe(false);
    expect(validateClaimCodeBodySchema.safeParse({}).success).toBe(false);
  });

  it("knows codes that cannot be stored (NUL, lone surrogates)", () => {
    expect(isStorableClaimCode("ABCD")).toBe(true);
    expect(isStorableClaimCode("😀😀")).toBe(true);
    expect(isStorableClaimCode("AB\u0000CD")).toBe(false);
    expect(isStorableClaimCode("AB\uD800CD")).toBe(false);
    expect(isStorableClaimCode("AB\uDC00CD")).toBe(false);
  });
});
