// The one rule for text a caller sends (lib/domain/text-pattern.ts): trimmed, min..max code
// points, no control characters. The OpenAPI document states this pattern and the server
// checks with it, so both count alike (issue 24).
import { describe, expect, it } from "vitest";
import { trimmedTextPattern } from "@/lib/domain/text-pattern";

const cases = (pattern: RegExp, texts: string[]) => texts.map((text) => [JSON.stringify(text), pattern.test(text)]);

describe("trimmedTextPattern", () => {
  it("allows empty text only with a minimum of 0", () => {
    expect(cases(trimmedTextPattern(0, 3), ["", "   ", " a ", "abc", "😀😀😀"])).toEqual(
      cases(/.*/, ["", "   ", " a ", "abc", "😀😀😀"]),
    );
    expect(cases(trimmedTextPattern(0, 3), ["abcd", "a\u0000"]).map(([, ok]) => ok)).toEqual([false, false]);
  });

  it("counts the trimmed text in code points, between the bounds", () => {
    const pattern = trimmedTextPattern(1, 4);
    const accepted = ["a", "  a  ", "a  b", "😀😀😀😀", "\tab\n"];
    const refused = ["", "   ", "abcde", "😀😀😀😀😀", "a\tb", "a\u0085b"];
    expect(accepted.filter((text) => !pattern.test(text))).toEqual([]);
    expect(refused.filter((text) => pattern.test(text))).toEqual([]);
  });

  it("agrees with trim() and a code-point count on every string", () => {
    const pattern = trimmedTextPattern(2, 5);
    const texts = ["ab", " ab ", "a", "abcdef", "a b c", " \u00a0ab\u00a0 ", "\ufeffab", "a😀b", "😀", "ab\u007f"];
    for (const text of texts) {
      const trimmed = text.trim();
      const expected =
        [...trimmed].length >= 2 && [...trimmed].length <= 5 && !/[\u0000-\u001f\u007f-\u009f]/.test(trimmed);
      expect([JSON.stringify(text), pattern.test(text)]).toEqual([JSON.stringify(text), expected]);
    }
  });
});
