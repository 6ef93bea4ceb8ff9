// /docs types no limit, status, code or v1 path that also lives in lib/: the guides mention
// codes through <Err code="…" /> (status and name from lib/errors), endpoints through
// <Operation /> and <Endpoint /> (method and path from the OpenAPI document), and figures
// through the constants that enforce them. This reads the text of every JSX element and
// every string in app/docs (not attribute values, which are references) and fails on an
// error code, an HTTP status, a v1 or first-party method-and-path, or a number that is not
// one of the few facts of the outside world listed below. (The local-chain tool paths are in
// no document; they are named by hand.)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/errors";

const DOCS_DIR = path.resolve(import.meta.dirname, "../../../app/docs");

/**
 * Numbers that are not ours to change: names (v1, SHA-256, Token-2022), facts of Solana and of
 * cryptography (9 decimals of SOL, 32-byte seeds, 2^32), worked examples (a token id 42, a price
 * 0.105, weights 6000/3000/1000, the paths of the tests that prove a claim), and the small
 * values that are meanings rather than limits (0 means unlimited, 1-based, 0–100 percent).
 */
const ALLOWED_NUMBERS: RegExp[] = [
  /\bv1\b/g,
  /SHA-?(256|512)/gi,
  /ed25519/g,
  /base(58|64)/g,
  /Token-2022/g,
  /UTF-16/g,
  /U\+2026/g,
  /log2/g,
  /%E0%A4%A/g, // a malformed percent-encoding, as an example
  /\b32(-bit|\+? bytes)/g,
  /^32$/g, // 2<sup>32</sup>
  /\b9 decimals\b/g, // SOL's
  /\bNode 18\b/g, // the verify script's runtime
  /--from \d+ --to \d+/g,
  /#?\b42\b/g,
  /\b\d+\.\d+\b/g, // example amounts
  /\b\d+(\/\d+)+\b/g, // example weights and shares
  /room \d+, buy \d+ get \d+,\s+asking for \d+ → \d+ paid \+ \d+ bonus/g,
  /tests\/[\w./-]+( \([^)]*\))?/g, // where a claim is proved
  /^\d+[a-z]?\. /g, // a numbered heading (4a, 4b follow 4)
  /\(\d+[a-z]\)/g, // a reference to such a heading
  /\bIPv[46]\b/g, // the protocols' names
  /\b[245]xx\b/g, // a status class
  /\b200\b/g, // success
  /\b(0|1|2|100)\b/g,
  /10\^decimals/g,
  /\b[A-Z][A-Z0-9]*(_[A-Z0-9]+)+\b/g, // environment variable names (MEDIA_S3_BUCKET)
  /\bS3\b/g, // the storage protocol's name
  /kill -9/g, // a signal
];

/** `example`: a code sample (a template string or the text of a <pre>), whose figures are examples. */
const withoutAllowed = (text: string) => ALLOWED_NUMBERS.reduce((rest, allowed) => rest.replace(allowed, ""), text);

type Text = { file: string; line: number; text: string; example: boolean };

function insidePre(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent) && parent.openingElement.tagName.getText() === "pre") return true;
  }
  return false;
}

function textsOf(file: string): Text[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const texts: Text[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isJsxAttribute(node)) return;
    if (
      ts.isJsxText(node) ||
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const text = (ts.isJsxText(node) ? node.getText() : node.text).trim();
      const example =
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        insidePre(node);
      if (text)
        texts.push({
          file: path.relative(DOCS_DIR, file),
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          text,
          example,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

const files = readdirSync(DOCS_DIR, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(".tsx"))
  .map((file) => path.join(DOCS_DIR, file));
const texts = files.flatMap(textsOf);
const where = (t: Text) => `${t.file}:${t.line}: ${t.text.slice(0, 160)}`;

describe("/docs types nothing twice", () => {
  it("reads the page's text", () => {
    expect(files.length).toBeGreaterThan(10);
    expect(texts.length).toBeGreaterThan(500);
  });

  it("names no error code by hand", () => {
    const code = new RegExp(`\\b(${Object.keys(ERROR_CODES).join("|")})\\b`);
    expect(texts.filter((t) => code.test(t.text)).map(where)).toEqual([]);
  });

  it("types no HTTP status and no method-and-path", () => {
    const status = (t: Text) => /\b[45]\d\d\b/.test(withoutAllowed(t.text));
    const endpoint = (t: Text) =>
      /\b(GET|POST|PUT|PATCH|DELETE) \/api\/(v1|public)\b|\b(GET|POST) \/(?!api\/)/.test(t.text);
    expect(texts.filter((t) => status(t) || endpoint(t)).map(where)).toEqual([]);
  });

  it("types no figure of its own (code examples aside)", () => {
    const figures = texts.filter((t) => !t.example && /\d/.test(withoutAllowed(t.text)));
    expect(
      figures.map((t) => `${t.file}:${t.line}: …${/.{0,40}\d.{0,40}/s.exec(withoutAllowed(t.text))![0]}…`),
    ).toEqual([]);
  });
});
