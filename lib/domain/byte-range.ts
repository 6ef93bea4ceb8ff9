// The one byte range a media answer serves (RFC 9110 §14): "bytes=a-b", "bytes=a-" or the last
// n bytes "bytes=-n", clamped to the file. Several ranges at once, or a header we do not read,
// get the whole file (allowed: a server may ignore Range); a range wholly past the end is 416.

export type ByteRange = { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

export function byteRangeOf(header: string | null, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "full" };
  const [first, last] = [match[1]!, match[2]!];
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "full" }; // invalid: ignored
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end };
}
