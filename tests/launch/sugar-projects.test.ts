// Real Sugar projects, as creators have them (issue 23): the configs Sugar 2.x and the guides
// write, HashLips output, and a folder that symlinks its allowlist to the site's secrets. Each
// is read as Sugar would read it, or refused with its file, its JSON path and the reason.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { FolderProblem } from "@/lib/domain/folder-problems";
import { fillHiddenHash, onlyTheHashDiffers } from "@/lib/launch/fill-hidden-hash";
import { readDropFolder } from "@/lib/launch/read-folder";
import { inspectImage, webVariant } from "@/lib/media/images";
import sharp from "sharp";
import { copyExample, editJson } from "./helpers";
import { CREATOR, guideGuards, hashLipsMetadata, sugar2Config, writeSugarFolder } from "./sugar-shapes";

const made: string[] = [];
const track = (folder: string) => (made.push(folder), folder);
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function problemsOf(folder: string): Promise<FolderProblem[]> {
  const result = await readDropFolder(folder);
  return result.ok ? [] : result.problems;
}

const problemsText = (result: Awaited<ReturnType<typeof readDropFolder>>) =>
  result.ok ? "" : JSON.stringify(result.problems);

const at = (file: string, jsonPath: string, message: RegExp) =>
  expect.objectContaining({ file, path: jsonPath, message: expect.stringMatching(message) });

describe("guards null or missing (item 1)", () => {
  it.each([
    ["null, as sugar launch writes it", null],
    ["missing", undefined],
  ])("refuses guards %s with the reason and the smallest block to add", async (_name, guards) => {
    const config = { ...sugar2Config(3), guards };
    if (guards === undefined) delete config.guards;
    const problems = await problemsOf(track(writeSugarFolder({ config })));
    expect(problems).toContainEqual(
      at("config.json", "guards", /only by its authority[\s\S]*"guards": \{ "default": \{ "solPayment"/),
    );
    expect(problems.find((p) => p.path === "guards")!.message).toContain(CREATOR);
  });

  it("keeps an empty default guard set as the free mint open at once it is on Candy Guard", async () => {
    const folder = track(writeSugarFolder({ config: { ...sugar2Config(3), guards: { default: {} } } }));
    const result = await readDropFolder(folder);
    expect(result.ok, problemsText(result)).toBe(true);
    if (result.ok) expect(result.draft.phases).toEqual([expect.objectContaining({ price: 0n, startDate: null })]);
  });
});

describe("Sugar 2.x configs (item 2)", () => {
  it("reads nftStorageAuthToken and shdwStorageAccount as unused upload settings", async () => {
    const config = { ...sugar2Config(3), guards: { default: { solPayment: { value: 0.5, destination: CREATOR } } } };
    const result = await readDropFolder(track(writeSugarFolder({ config })));
    expect(result.ok, problemsText(result)).toBe(true);
  });
});

describe("HashLips Solana-mode output (item 3)", () => {
  it("pairs N.json with N.png by file name whatever image says", async () => {
    const config = { ...sugar2Config(4), guards: { default: {} } };
    const folder = track(
      writeSugarFolder({
        config,
        metadata: (n) =>
          n === 3 ? { ...hashLipsMetadata(n), image: "ipfs://NewUriToReplace/3.png" } : hashLipsMetadata(n),
      }),
    );
    const result = await readDropFolder(folder);
    expect(result.ok, problemsText(result)).toBe(true);
    if (result.ok) {
      expect(result.draft.assets.map((a) => a.image.file)).toEqual([0, 1, 2, 3].map((n) => `assets/${n}.png`));
      // display_type on attributes and HashLips' extra keys are kept (item 15).
      expect(result.draft.assets[0]!.metadata.attributes![1]).toMatchObject({ display_type: "string" });
    }
  });
});

describe("symlinks (item 17)", () => {
  function secretsOutside(): string {
    const outside = track(mkdtempSync(path.join(tmpdir(), "dropmint-site-")));
    writeFileSync(
      path.join(outside, ".env"),
      "ADMIN_TOKEN=s3cr3t-t0ken-value\nDATABASE_URL=postgres://u:hunter2@db/x\n",
    );
    return path.join(outside, ".env");
  }

  it("refuses an allowlist that is a symlink, and never prints what it points at", async () => {
    const folder = track(copyExample());
    editJson(path.join(folder, "config.json"), (c) => (c.guards.groups[0].guards.allowList.file = "allowlist.txt"));
    symlinkSync(secretsOutside(), path.join(folder, "allowlist.txt"));
    const problems = await problemsOf(folder);
    expect(problems).toContainEqual(at("allowlist.txt", "", /is a symbolic link/));
    const printed = JSON.stringify(problems);
    expect(printed).not.toMatch(/s3cr3t|hunter2|ADMIN_TOKEN/);
  });

  it("refuses a symlinked image and a symlinked config", async () => {
    const folder = track(copyExample());
    const elsewhere = track(copyExample());
    rmSync(path.join(folder, "assets/3.png"));
    symlinkSync(path.join(elsewhere, "assets/3.png"), path.join(folder, "assets/3.png"));
    rmSync(path.join(folder, "dropmint.json"));
    symlinkSync(path.join(elsewhere, "dropmint.json"), path.join(folder, "dropmint.json"));
    const problems = await problemsOf(folder);
    expect(problems).toContainEqual(at("assets/3.png", "", /is a symbolic link/));
    expect(problems).toContainEqual(at("dropmint.json", "", /is a symbolic link/));
  });

  it("never echoes a bad line of a wallet file", async () => {
    const folder = track(copyExample());
    editJson(path.join(folder, "config.json"), (c) => (c.guards.groups[0].guards.allowList.file = "wallets.txt"));
    writeFileSync(path.join(folder, "wallets.txt"), "PASSWORD=hunter2\n");
    const problems = await problemsOf(folder);
    expect(problems).toContainEqual(at("wallets.txt", "line 1", /is not a base58 Solana address/));
    expect(JSON.stringify(problems)).not.toContain("hunter2");
  });

  it("never echoes a wallet JSON file or a config that is not JSON", async () => {
    const folder = track(copyExample());
    writeFileSync(path.join(folder, "allowlist.json"), "PASSWORD=hunter2");
    writeFileSync(path.join(folder, "dropmint.json"), "TOKEN=hunter2");
    expect(JSON.stringify(await problemsOf(folder))).not.toContain("hunter2");
  });
});

describe("messages (items 12, 13, 14)", () => {
  it("says what was found and what was expected", async () => {
    const folder = track(copyExample());
    editJson(path.join(folder, "config.json"), (c) => {
      c.sellerFeeBasisPoints = "500";
      c.guards.groups[1].guards.mintLimit.limit = null;
    });
    const problems = await problemsOf(folder);
    expect(problems).toContainEqual(at("config.json", "sellerFeeBasisPoints", /expected a number, found a string/));
    expect(problems).toContainEqual(
      at("config.json", "guards.groups[1].guards.mintLimit.limit", /expected a number, found null/),
    );
  });

  it("checks number against the files even when the config has another error", async () => {
    const folder = track(copyExample());
    editJson(path.join(folder, "config.json"), (c) => {
      c.number = 12;
      c.symbol = 7;
    });
    const problems = await problemsOf(folder);
    expect(problems).toContainEqual(at("config.json", "symbol", /expected a string/));
    expect(problems).toContainEqual(at("config.json", "number", /is 12, but assets\/ holds 10 numbered assets/));
  });

  it("gives line and column of a JSON syntax error, and names a trailing comma", async () => {
    const folder = track(copyExample());
    writeFileSync(path.join(folder, "config.json"), '{\n  "number": 10,\n  "symbol": "MOTH",\n}\n');
    writeFileSync(path.join(folder, "assets/2.json"), '{\n  "name": "x"\n  "image": "2.png"\n}');
    const problems = await problemsOf(folder);
    expect(problems).toContainEqual(at("config.json", "", /line 3, column 19: a trailing comma/));
    expect(problems).toContainEqual(at("assets/2.json", "", /line 3, column 3: .*comma/));
  });
});

describe("Sugar's template config, as the guide writes it (items 7, 8, 10, 15)", () => {
  function template(): Record<string, any> {
    return {
      ...sugar2Config(3),
      creators: [
        { address: CREATOR, share: 50 },
        { address: CREATOR, share: 50 },
      ],
      guards: guideGuards(),
    };
  }

  it("refuses the same creator listed twice, as Token Metadata does", async () => {
    const problems = await problemsOf(track(writeSugarFolder({ config: template() })));
    expect(problems).toContainEqual(at("config.json", "creators[1].address", /listed twice/));
  });

  it("accepts botTax with a note that says why it has no effect", async () => {
    const config: Record<string, any> = { ...template(), creators: [{ address: CREATOR, share: 100 }] };
    const result = await readDropFolder(track(writeSugarFolder({ config })));
    expect(result.ok, problemsText(result)).toBe(true);
    expect(result.notes).toContainEqual(at("config.json", "guards.default.botTax", /no effect.*never lands/));
  });

  it("refuses a zoneless date, naming the instant it would be read as", async () => {
    const config: Record<string, any> = { ...template(), creators: [{ address: CREATOR, share: 100 }] };
    (config.guards as any).groups[0].guards.startDate.date = "2024-10-20 12:00:00";
    const problems = await problemsOf(track(writeSugarFolder({ config })));
    expect(problems).toContainEqual(
      at("config.json", "guards.groups[0].guards.startDate.date", /has no time zone.*local time.*\+0000/),
    );
  });

  it("refuses a group label over 6 characters and warns of the System Program as treasury", async () => {
    const config: Record<string, any> = { ...template(), creators: [{ address: CREATOR, share: 100 }] };
    const guards = config.guards as any;
    guards.groups[1].label = "publicsale";
    guards.default.solPayment.destination = "11111111111111111111111111111111";
    const result = await readDropFolder(track(writeSugarFolder({ config })));
    expect(result.ok ? [] : result.problems).toContainEqual(
      at("config.json", "guards.groups[1].label", /at most 6 characters/),
    );
    expect(result.notes).toContainEqual(at("config.json", "guards.default.solPayment.destination", /System Program/));
  });
});

describe("an animated GIF (item 16)", () => {
  it("keeps every frame in its web variant", async () => {
    const frames = Buffer.alloc(16 * 32 * 3);
    frames.fill(255, 0, 16 * 16 * 3); // a white frame, then a black one
    const gif = await sharp(frames, { raw: { width: 16, height: 32, channels: 3, pageHeight: 16 } })
      .gif()
      .toBuffer();
    const inspected = await inspectImage(gif, "0.gif");
    expect(inspected.ok).toBe(true);
    if (!inspected.ok) return;
    const variant = await sharp(await webVariant(gif, inspected.info)).metadata();
    expect(variant.format).toBe("webp");
    expect(variant.pages).toBe(2);
  });
});

describe("hiddenSettings.hash filled in, as Sugar does at deploy (item 11)", () => {
  it("writes only the hash into config.json, and the check still holds afterwards", async () => {
    const folder = track(copyExample());
    const file = path.join(folder, "config.json");
    editJson(file, (c) => (c.hiddenSettings = { name: "Moth #$ID$", uri: "https://example.com/h.json", hash: "" }));
    const before = readFileSync(file, "utf8");
    const first = await readDropFolder(folder);
    expect(first.ok ? [] : first.problems).toEqual([at("config.json", "hiddenSettings.hash", /is empty.*--fill-hash/)]);
    expect(onlyTheHashDiffers(first)).toBe(true);
    if (!onlyTheHashDiffers(first)) return;
    await fillHiddenHash(folder, first.hiddenHash.expected);
    expect(readFileSync(file, "utf8")).toBe(before.replace('"hash": ""', `"hash": "${first.hiddenHash.expected}"`));
    const second = await readDropFolder(folder);
    expect(second.ok).toBe(true);
    if (second.ok) expect(second.draft.assetsHash).toBe(first.hiddenHash.expected);
  });

  it("is not offered when another problem remains", async () => {
    const folder = track(copyExample());
    editJson(path.join(folder, "config.json"), (c) => {
      c.hiddenSettings = { name: "Moth #$ID$", uri: "https://example.com/h.json", hash: "" };
      c.symbol = 7;
    });
    expect(onlyTheHashDiffers(await readDropFolder(folder))).toBe(false);
  });
});
