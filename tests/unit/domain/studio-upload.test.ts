// The studio upload's pure rules: which paths stay inside the folder, how a Content-Range is
// read, and how a picked folder's or a zip's paths become the folder's own.
import { describe, expect, it } from "vitest";
import {
  checkUploadPath,
  folderRelativePaths,
  manifestProblems,
  MAX_UPLOAD_FILE_BYTES,
  parseUploadRange,
} from "@/lib/domain/studio-upload";

describe("checkUploadPath", () => {
  it.each(["config.json", "assets/0.png", "assets/collection.json", "wallets/allow list.txt"])("keeps %s", (p) =>
    expect(checkUploadPath(p)).toEqual({ ok: true, path: p }),
  );
  it.each([
    "",
    "../x",
    "assets/../../x",
    "/etc/passwd",
    "C:/x",
    "assets\\0.png",
    "./config.json",
    "assets//0.png",
    ".env",
    "assets/.hidden",
    "a\u0000b",
    "x".repeat(301),
  ])("refuses %j", (p) => expect(checkUploadPath(p).ok).toBe(false));
});

describe("manifestProblems", () => {
  it("names every refused path and every limit at once", () => {
    const problems = manifestProblems([
      { path: "config.json", size: 10 },
      { path: "../a", size: 1 },
      { path: "config.json", size: 10 },
      { path: "assets/0.mp4", size: MAX_UPLOAD_FILE_BYTES + 1 },
    ]);
    expect(problems.map((p) => p.file)).toEqual(["../a", "config.json", "assets/0.mp4"]);
  });
});

describe("parseUploadRange", () => {
  it("reads a range and a whole body", () => {
    expect(parseUploadRange("bytes 0-9/20", 10)).toEqual({ start: 0, end: 9, total: 20 });
    expect(parseUploadRange(null, 5)).toEqual({ start: 0, end: 4, total: 5 });
    expect(parseUploadRange(null, 0)).toEqual({ start: 0, end: -1, total: 0 });
  });
  it.each([
    ["bytes 0-9/20", 9],
    ["bytes 10-9/20", 0],
    ["bytes 0-20/20", 21],
    ["bytes */20", 0],
    ["items 0-9/20", 10],
  ])("refuses %s with %i bytes", (header, length) => expect(parseUploadRange(header, length)).toBeNull());
});

describe("folderRelativePaths", () => {
  it("drops the picked folder's name and leaves hidden files and __MACOSX out", () => {
    const paths = folderRelativePaths([
      "drop/config.json",
      "drop/assets/0.png",
      "drop/.DS_Store",
      "__MACOSX/drop/._config.json",
    ]);
    expect([...paths.values()]).toEqual(["config.json", "assets/0.png"]);
  });
  it("keeps paths already relative to the folder", () => {
    expect([...folderRelativePaths(["config.json", "assets/0.png"]).values()]).toEqual(["config.json", "assets/0.png"]);
  });
});
