import { describe, expect, it } from "vitest";
import { isClaimCodeLengthValid, isStorableClaimCode, normalizeClaimCode } from "@/lib/domain/claim-code-format";
import { validateClaimCodeBodySchema } from "@/lib/schemas/claim-codes";

describe("claim code format", () => {
  it("counts UTF-16 code units after trimming: 4 to 1024", () => {
    expect(isClaimCodeLengthValid("abc")).toBe(false);
    expect(isClaimCodeLengthValid("abcd")).toBe(true);
    expect(isClaimCodeLengthValid("a".repeat(1024))).toBe(true);
    expect(isClaimCodeLengthValid("a".repeat(1025))).toBe(false);
    // 512 emoji are 512 code points but 1024 units: accepted; one more unit is too long.
    expect(isClaimCodeLengthValid("😀".repeat(512))).toBe(true);
    expect(isClaimCodeLengthValid("😀".repeat(512) + "a")).toBe(false);
    // Two emoji: 2 code points, 4 units.
    expect(isClaimCodeLengthValid("😀😀")).toBe(true);
  });

  it("trims then upper-cases", () => {
    expect(normalizeClaimCode("  sprite-free\t")).toBe("SPRITE-FREE");
    expect(normalizeClaimCode("straße")).toBe("STRASSE");
  });

  it("the body schema checks the trimmed length before upper-casing", () => {
    expect(validateClaimCodeBodySchema.parse({ code: "  abcd  " })).toEqual({ code: "ABCD" });
    expect(validateClaimCodeBodySchema.safeParse({ code: "  abc  " }).success).toBe(false);
    expect(validateClaimCodeBodySchema.safeParse({ code: " " + "x".repeat(1025) }).success).toBe(false);
    // Units, not code points (zod's own min/max count code points).
    expect(validateClaimCodeBodySchema.safeParse({ code: "😀".repeat(512) + "a" }).success).toBe(false);
    expect(validateClaimCodeBodySchema.safeParse({ code: "😀😀" }).success).toBe(true);
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
