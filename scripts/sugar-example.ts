// `npm run example:sugar`: writes examples/sugar-drop, the creator's example of the README —
// a small Metaplex Sugar project: ten 24×24 pixel moths (traits drawn from the token number),
// the collection's cover, config.json with two guard groups (an allowlist and a public sale),
// allowlist.json with its Merkle root, and a dropmint.json with Dropmint's extras. Everything
// is derived from fixed seeds, so running it again rewrites the same bytes.
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import sharp from "sharp";
import { allowListMerkleRoot } from "../lib/domain/allowlist-merkle";

const ROOT = path.resolve(import.meta.dirname, "../examples/sugar-drop");
const SIZE = 24;
const COUNT = 10;

/** A fixed, documented address (its key comes from a public seed and holds nothing). */
const addressFrom = (label: string) =>
  Keypair.fromSeed(createHash("sha256").update(`dropmint example: ${label}`).digest()).publicKey.toBase58();

const BACKGROUNDS = [
  ["Dusk", [38, 33, 72]],
  ["Midnight", [12, 18, 40]],
  ["Ember", [84, 32, 28]],
  ["Moss", [24, 56, 40]],
] as const;
const WINGS = [
  ["Ivory", [236, 228, 208]],
  ["Saffron", [242, 180, 64]],
  ["Lilac", [186, 156, 232]],
] as const;
const EYES = [
  ["Calm", 1],
  ["Wide", 2],
] as const;

function traitsOf(token: number) {
  return {
    background: BACKGROUNDS[(token * 7 + 1) % BACKGROUNDS.length]!,
    wings: WINGS[(token * 5 + 2) % WINGS.length]!,
    eyes: EYES[token % 3 === 0 ? 1 : 0]!,
  };
}

/** A moth on its background, one byte triple per pixel. */
function mothPixels(token: number | null): Buffer {
  const t = traitsOf(token ?? 0);
  const background = token === null ? ([20, 20, 28] as const) : t.background[1];
  const wing = token === null ? ([52, 211, 153] as const) : t.wings[1];
  const pixels = Buffer.alloc(SIZE * SIZE * 3);
  const set = (x: number, y: number, [r, g, b]: readonly number[]) => {
    if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) return;
    pixels.set([r!, g!, b!], (y * SIZE + x) * 3);
  };
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) set(x, y, background);
  const body = [60, 44, 36];
  for (let y = 6; y < 19; y++) for (let dx = -1; dx <= 0; dx++) set(12 + dx, y, body);
  for (let y = 5; y < 18; y++) {
    const reach = y < 12 ? 2 + (y - 5) : 2 + (17 - y);
    for (let d = 2; d <= Math.min(reach, 9); d++) {
      set(11 - d, y, wing);
      set(12 + d, y, wing);
    }
  }
  const eye = token === null ? 1 : t.eyes[1];
  for (let e = 0; e < eye; e++) {
    set(10 - e, 6, [250, 250, 250]);
    set(13 + e, 6, [250, 250, 250]);
  }
  for (let a = 0; a < 3; a++) {
    set(10 - a, 4 - a, body);
    set(13 + a, 4 - a, body);
  }
  return pixels;
}

async function png(token: number | null): Promise<Buffer> {
  return sharp(mothPixels(token), { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

async function main() {
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(path.join(ROOT, "assets"), { recursive: true });
  const treasury = addressFrom("treasury");
  for (let token = 0; token < COUNT; token++) {
    const t = traitsOf(token);
    writeFileSync(path.join(ROOT, "assets", `${token}.png`), await png(token));
    writeFileSync(
      path.join(ROOT, "assets", `${token}.json`),
      json({
        name: `Night Moth #${token}`,
        symbol: "MOTH",
        description: "A small moth drawn in twenty-four pixels.",
        image: `${token}.png`,
        attributes: [
          { trait_type: "Background", value: t.background[0] },
          { trait_type: "Wings", value: t.wings[0] },
          { trait_type: "Eyes", value: t.eyes[0] },
        ],
        properties: { files: [{ uri: `${token}.png`, type: "image/png" }], category: "image" },
      }),
    );
  }
  writeFileSync(path.join(ROOT, "assets", "collection.png"), await png(null));
  writeFileSync(
    path.join(ROOT, "assets", "collection.json"),
    json({
      name: "Night Moths",
      symbol: "MOTH",
      description: "Ten moths that come out after dark: the example drop launched from a Sugar folder.",
      image: "collection.png",
      properties: { files: [{ uri: "collection.png", type: "image/png" }], category: "image" },
    }),
  );
  const allowlist = ["early-1", "early-2", "early-3"].map(addressFrom);
  writeFileSync(path.join(ROOT, "allowlist.json"), json(allowlist));
  writeFileSync(
    path.join(ROOT, "config.json"),
    json({
      tokenStandard: "nft",
      number: COUNT,
      symbol: "MOTH",
      sellerFeeBasisPoints: 500,
      isMutable: true,
      isSequential: false,
      creators: [{ address: treasury, share: 100 }],
      uploadMethod: "bundlr",
      ruleSet: null,
      awsConfig: null,
      sdriveApiKey: null,
      pinataConfig: null,
      hiddenSettings: null,
      guards: {
        default: { solPayment: { value: 0.1, destination: treasury } },
        groups: [
          {
            label: "early",
            guards: {
              startDate: { date: "2025-01-01 00:00:00 +0000" },
              solPayment: { value: 0.05, destination: treasury },
              allowList: { merkleRoot: allowListMerkleRoot(allowlist), file: "allowlist.json" },
              mintLimit: { id: 1, limit: 2 },
            },
          },
          {
            label: "public",
            guards: {
              startDate: { date: "2025-01-01 00:00:00 +0000" },
              mintLimit: { id: 2, limit: 5 },
              redeemedAmount: { maximum: 8 },
            },
          },
        ],
      },
      maxEditionSupply: null,
    }),
  );
  writeFileSync(
    path.join(ROOT, "dropmint.json"),
    json({
      shortId: "moths",
      twitter: "@dropmint",
      phases: { early: { name: "Early moths" }, public: { name: "Public", maxPerTransaction: 2 } },
      claimCodes: [
        {
          name: "Friends of the moths",
          phase: "public",
          grantType: "free_mint",
          mintAllocation: 1,
          maxUses: 3,
          codes: ["MOTH-FRIENDS"],
        },
      ],
    }),
  );
  console.log(
    `Wrote ${path.relative(process.cwd(), ROOT)}: ${COUNT} assets, the collection, config.json, allowlist.json and dropmint.json.`,
  );
}

await main();
