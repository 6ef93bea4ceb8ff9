// The byte range a media answer serves (RFC 9110 §14): one range, clamped to the file;
// several ranges or an unreadable header get the whole file; a range past the end is 416.
import { describe, expect, it } from "vitest";
import { byteRangeOf } from "@/lib/domain/byte-range";

describe("byteRangeOf", () => {
  it.each([
    ["bytes=0-99", { kind: "partial", start: 0, end: 99 }],
    ["bytes=100-", { kind: "partial", start: 100, end: 999 }],
    ["bytes=-10", { kind: "partial", start: 990, end: 999 }],
    ["bytes=-5000", { kind: "partial", start: 0, end: 999 }],
    ["bytes=900-5000", { kind: "partial", start: 900, end: 999 }],
    ["bytes=999-999", { kind: "partial", start: 999, end: 999 }],
  ])("%s of 1000 bytes", (header, range) => expect(byteRangeOf(header, 1000)).toEqual(range));

  it.each(["bytes=1000-", "bytes=1000-2000", "bytes=-0"])("%s of 1000 bytes is unsatisfiable", (header) =>
    expect(byteRangeOf(header, 1000)).toEqual({ kind: "unsatisfiable" }),
  );

  it.each([null, "", "bytes=0-1,5-9", "items=0-9", "bytes=-", "bytes=9-1", "bytes=a-b"])(
    "%s gets the whole file",
    (header) => expect(byteRangeOf(header, 1000)).toEqual({ kind: "full" }),
  );
});
