// JSON from a creator's file, with a syntax error told as an editor would: line and column,
// and a trailing comma named as such (the most common slip in a hand-edited config). The
// message never quotes the file, so a file that is not JSON at all (a linked .env) is not
// printed back.
import { parse as parseLoose, printParseErrorCode, type ParseError } from "jsonc-parser";

export type JsonText = { ok: true; value: unknown } | { ok: false; message: string };

const DESCRIBED: Record<string, string> = {
  InvalidSymbol: "an unexpected character",
  InvalidNumberFormat: "a malformed number",
  PropertyNameExpected: "a key in double quotes was expected",
  ValueExpected: "a value was expected",
  ColonExpected: "a colon was expected",
  CommaExpected: "a comma was expected",
  CloseBraceExpected: "a closing } was expected",
  CloseBracketExpected: "a closing ] was expected",
  EndOfFileExpected: "the file should end here",
  InvalidCommentToken: "comments are not JSON",
  UnexpectedEndOfComment: "an unfinished comment",
  UnexpectedEndOfString: "an unfinished string",
  UnexpectedEndOfNumber: "an unfinished number",
  InvalidUnicode: "a bad \\u escape",
  InvalidEscapeCharacter: "a bad escape",
  InvalidCharacter: "a control character inside a string",
};

export function parseJsonText(raw: string): JsonText {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: `is not valid JSON (${describeError(text)})` };
  }
}

function describeError(text: string): string {
  const errors: ParseError[] = [];
  parseLoose(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return "it could not be read as JSON";
  const { line, column } = lineAndColumn(text, first.offset);
  const before = text.slice(0, first.offset).trimEnd();
  const closing = text[first.offset] === "}" || text[first.offset] === "]";
  if (closing && before.endsWith(",")) {
    const comma = lineAndColumn(text, before.length - 1);
    return `line ${comma.line}, column ${comma.column}: a trailing comma before the closing ${text[first.offset]}; JSON allows none, remove it`;
  }
  return `line ${line}, column ${column}: ${DESCRIBED[printParseErrorCode(first.error)] ?? "a syntax error"}`;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === "\n") {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
