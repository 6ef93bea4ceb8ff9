// The rule for text a caller sends (a claim code, a search, a tier id) as one regular
// expression: white space around it is forgiven (trimmed), and what is left has min..max
// characters, none a control character. Characters are code points (the `u` flag), as JSON
// Schema counts them, so the OpenAPI document can state the pattern the server checks with.

const CONTROL = String.raw`\u0000-\u001f\u007f-\u009f`;
const EDGE = String.raw`[^\s${CONTROL}]`;
const INNER = `[^${CONTROL}]`;

/** Matches text whose trimmed form has min..max code points and no control character. */
export function trimmedTextPattern(min: number, max: number): RegExp {
  if (min < 0 || max < Math.max(min, 2)) throw new Error(`bad text bounds ${min}..${max}`);
  // The first and last kept characters are not white space, so the trimmed text is exactly what was measured.
  const core = min >= 2 ? `${EDGE}${INNER}{${min - 2},${max - 2}}${EDGE}` : `${EDGE}(?:${INNER}{0,${max - 2}}${EDGE})?`;
  return new RegExp(String.raw`^\s*${min === 0 ? `(?:${core})?` : core}\s*$`, "u");
}
