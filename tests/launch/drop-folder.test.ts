// `npm run drop -- validate`: every malformed variant of the example folder is refused with the
// file and the JSON path of each problem, all of them in one run, and nothing is written. The
// valid example passes and its assets hash is what hiddenSettings.hash must say.
import { existsSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readDropFolder } from "@/lib/launch/read-folder";
import type { FolderProblem } from "@/lib/domain/folder-problems";
import { copyExample, editJson } from "./helpers";

type Variant = {
  name: string;
  change: (folder: string) => void;
  expect: Array<Pick<FolderProblem, "file" | "path"> & { message: RegExp }>;
};

const config = (folder: string) => path.join(folder, "config.json");
const group = (i: number) => `guards.groups[${i}].guards`;

const VARIANTS: Variant[] = [
  {
    name: "a missing image (pair incomplete)",
    change: (f) => unlinkSync(path.join(f, "assets/4.png")),
    expect: [{ file: "assets/4.png", path: "", message: /is missing: assets\/4\.json has no image/ }],
  },
  {
    name: "a missing metadata file",
    change: (f) => unlinkSync(path.join(f, "assets/7.json")),
    expect: [{ file: "assets/7.json", path: "", message: /is missing: assets\/7\.png has no metadata/ }],
  },
  {
    name: "an image that does not decode",
    change: (f) =>
      writeFileSync(path.join(f, "assets/2.png"), readFileSync(path.join(f, "assets/2.png")).subarray(0, 60)),
    expect: [{ file: "assets/2.png", path: "", message: /does not decode/ }],
  },
  {
    name: "an image whose bytes are not what its name says",
    change: (f) => writeFileSync(path.join(f, "assets/5.png"), Buffer.from("GIF89a not really")),
    expect: [{ file: "assets/5.png", path: "", message: /does not decode|holds a/ }],
  },
  {
    name: "a number that does not match the files",
    change: (f) => editJson(config(f), (c) => (c.number = 12)),
    expect: [
      { file: "config.json", path: "number", message: /is 12, but assets\/ holds 10 numbered assets/ },
      { file: "assets/10.json", path: "", message: /is missing/ },
    ],
  },
  {
    name: "an asset beyond the number",
    change: (f) => {
      renameSync(path.join(f, "assets/9.json"), path.join(f, "assets/12.json"));
      renameSync(path.join(f, "assets/9.png"), path.join(f, "assets/12.png"));
    },
    expect: [
      { file: "assets/12.json", path: "", message: /out of range: config\.json's number is 10/ },
      { file: "assets/9.json", path: "", message: /is missing/ },
    ],
  },
  {
    name: "a bad date",
    change: (f) => editJson(config(f), (c) => (c.guards.groups[0].guards.startDate.date = "next Tuesday")),
    expect: [{ file: "config.json", path: `${group(0)}.startDate.date`, message: /"next Tuesday" is not a date/ }],
  },
  {
    name: "an end before the start",
    change: (f) => editJson(config(f), (c) => (c.guards.groups[1].guards.endDate = { date: "2024-01-01T00:00:00Z" })),
    expect: [{ file: "config.json", path: `${group(1)}.endDate.date`, message: /must come after the start/ }],
  },
  {
    name: "an unknown guard",
    change: (f) => editJson(config(f), (c) => (c.guards.default.solFixedFee = { value: 1 })),
    expect: [{ file: "config.json", path: "guards.default.solFixedFee", message: /unknown guard "solFixedFee"/ }],
  },
  {
    name: "guards Dropmint refuses, each by name with its reason",
    change: (f) =>
      editJson(config(f), (c) => {
        c.guards.default.freezeSolPayment = { value: 0.01, destination: "11111111111111111111111111111112" };
        c.guards.groups[1].guards.gatekeeper = {
          gatekeeperNetwork: "ignREusXmGrscGNUesoU9mxfds9AiYTezUKex2PsZV6",
          expireOnUse: false,
        };
        c.guards.groups[1].guards.thirdPartySigner = { signerKey: "11111111111111111111111111111112" };
      }),
    expect: [
      { file: "config.json", path: "guards.default.freezeSolPayment", message: /freezeSolPayment is refused: / },
      { file: "config.json", path: `${group(1)}.gatekeeper`, message: /gatekeeper is refused/ },
      { file: "config.json", path: `${group(1)}.thirdPartySigner`, message: /thirdPartySigner is refused/ },
    ],
  },
  {
    name: "a metadata file without its name, and a trait value of the wrong type",
    change: (f) =>
      editJson(path.join(f, "assets/3.json"), (m) => {
        delete m.name;
        m.attributes[1].value = { nested: true };
      }),
    expect: [
      { file: "assets/3.json", path: "name", message: /missing/ },
      { file: "assets/3.json", path: "attributes[1].value", message: /./ },
    ],
  },
  {
    name: "an asset without its description",
    change: (f) => editJson(path.join(f, "assets/6.json"), (m) => delete m.description),
    expect: [{ file: "assets/6.json", path: "description", message: /is missing \(expected a string\)/ }],
  },
  {
    name: "creators whose shares do not add up, and a bad treasury address",
    change: (f) =>
      editJson(config(f), (c) => {
        c.creators[0].share = 60;
        c.guards.default.solPayment.destination = "not-an-address";
      }),
    expect: [
      { file: "config.json", path: "creators", message: /shares must add up to 100/ },
      { file: "config.json", path: "guards.default.solPayment.destination", message: /base58 Solana address/ },
    ],
  },
  {
    name: "an allowlist whose Merkle root does not match, with a bad wallet line",
    change: (f) => {
      const wallets = JSON.parse(readFileSync(path.join(f, "allowlist.json"), "utf8")) as string[];
      writeFileSync(path.join(f, "allowlist.json"), JSON.stringify(wallets.slice(0, 2)));
      editJson(config(f), (c) => (c.guards.groups[0].guards.allowList.file = "wallets.txt"));
      writeFileSync(path.join(f, "wallets.txt"), `${wallets[0]}\n# a comment\nnot-a-wallet\n`);
    },
    expect: [{ file: "wallets.txt", path: "line 3", message: /^is not a base58 Solana address/ }],
  },
  {
    name: "an allowlist file that lists other wallets than the root",
    change: (f) => {
      const wallets = JSON.parse(readFileSync(path.join(f, "allowlist.json"), "utf8")) as string[];
      writeFileSync(path.join(f, "allowlist.json"), JSON.stringify(wallets.slice(0, 2)));
    },
    expect: [
      {
        file: "config.json",
        path: `${group(0)}.allowList.merkleRoot`,
        message: /does not match allowlist\.json: its 2 wallet\(s\) give the root/,
      },
    ],
  },
  {
    name: "hidden settings whose hash does not match the assets",
    change: (f) =>
      editJson(
        config(f),
        (c) =>
          (c.hiddenSettings = {
            name: "Moth #$ID$",
            uri: "https://example.com/hidden.json",
            hash: "0123456789abcdef0123456789abcdef",
          }),
      ),
    expect: [
      {
        file: "config.json",
        path: "hiddenSettings.hash",
        message: /does not match the assets: .*for these files it is "[1-9A-HJ-NP-Za-km-z]{32}"/,
      },
    ],
  },
  {
    name: "a dropmint.json with an unknown key, an unknown group label and a bad short ID",
    change: (f) =>
      editJson(path.join(f, "dropmint.json"), (d) => {
        d.bannner = "banner.png";
        d.shortId = "X";
        d.phases.presale = { name: "Presale" };
      }),
    expect: [
      { file: "dropmint.json", path: "", message: /unknown key "bannner"/ },
      { file: "dropmint.json", path: "shortId", message: /3 to 16 characters/ },
    ],
  },
  {
    // Guessing from many addresses is answered by the code's length (issue 21 item 6).
    name: "a claim code shorter than a creator's code may be",
    change: (f) => editJson(path.join(f, "dropmint.json"), (d) => (d.claimCodes[0].codes = ["MOTH-FRIEND"])),
    expect: [{ file: "dropmint.json", path: "claimCodes[0].codes[0]", message: /12 to 64 letters, digits or dashes/ }],
  },
  {
    name: "a phase extra for a label no group has",
    change: (f) => editJson(path.join(f, "dropmint.json"), (d) => (d.phases.presale = { name: "Presale" })),
    expect: [{ file: "dropmint.json", path: "phases.presale", message: /no guard group is labelled "presale"/ }],
  },
  {
    name: "a config that is not JSON",
    change: (f) => writeFileSync(config(f), "{ number: 10, }"),
    expect: [{ file: "config.json", path: "", message: /is not valid JSON/ }],
  },
  {
    name: "a missing collection pair and a stray file",
    change: (f) => {
      unlinkSync(path.join(f, "assets/collection.json"));
      unlinkSync(path.join(f, "assets/collection.png"));
      writeFileSync(path.join(f, "assets/notes.txt"), "todo");
    },
    expect: [
      { file: "assets/collection.json", path: "", message: /is missing: the collection's name/ },
      { file: "assets/notes.txt", path: "", message: /is not part of a Sugar assets folder/ },
    ],
  },
  {
    name: "a programmable NFT standard and two access guards in one group",
    change: (f) =>
      editJson(config(f), (c) => {
        c.tokenStandard = "pnft";
        c.guards.groups[0].guards.tokenGate = { amount: 1, mint: "So11111111111111111111111111111111111111112" };
      }),
    expect: [
      { file: "config.json", path: "tokenStandard", message: /"pnft" is refused/ },
      { file: "config.json", path: `${group(0)}.tokenGate`, message: /allowList and tokenGate together/ },
    ],
  },
];

describe("validate refuses every malformed folder with its file and path, and writes nothing", () => {
  it("accepts the example and gives its assets hash", async () => {
    const result = await readDropFolder(copyExample());
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.draft.assetsHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32}$/);
  });

  it.each(VARIANTS)("refuses $name", async (variant) => {
    const folder = copyExample();
    try {
      variant.change(folder);
      const result = await readDropFolder(folder);
      expect(result.ok).toBe(false);
      const problems = result.ok ? [] : result.problems;
      for (const wanted of variant.expect) {
        expect(problems, JSON.stringify(problems, null, 1)).toContainEqual(
          expect.objectContaining({
            file: wanted.file,
            path: wanted.path,
            message: expect.stringMatching(wanted.message),
          }),
        );
      }
      // Read only: the folder holds exactly what the variant left, and no store or plan appeared in it.
      expect(existsSync(path.join(folder, "launches"))).toBe(false);
      expect(existsSync(path.join(folder, "media"))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("names all the problems of a folder at once", async () => {
    const folder = copyExample();
    for (const variant of [VARIANTS[0]!, VARIANTS[6]!, VARIANTS[8]!, VARIANTS[11]!]) variant.change(folder);
    const result = await readDropFolder(folder);
    expect(result.ok).toBe(false);
    const found = result.ok ? [] : result.problems.map((p) => `${p.file} ${p.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "assets/4.png ",
        `config.json ${group(0)}.startDate.date`,
        "config.json guards.default.solFixedFee",
        "assets/6.json description",
      ]),
    );
  });
});
