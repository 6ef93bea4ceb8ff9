// Real Sugar project shapes for the launch tests, written out as a creator's folder would be:
// the config `sugar create-config` and the Metaplex guides write (Sugar 2.x, with its null
// storage keys and, from `sugar launch`, "guards": null), HashLips' Solana-mode metadata, and
// the example's images reused so every image decodes.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EXAMPLE } from "./helpers";

export const CREATOR = "B2KfrgJ8p9mbKZRBqCEQsxzQjCXBTLKRF63PCQCWzy5d";

/** The config Sugar 2.x writes: every key present, unused ones null, guards null (as `sugar launch` leaves it). */
export function sugar2Config(number: number): Record<string, unknown> {
  return {
    number,
    symbol: "NB",
    sellerFeeBasisPoints: 500,
    isMutable: true,
    isSequential: false,
    creators: [{ address: CREATOR, share: 100 }],
    uploadMethod: "bundlr",
    ruleSet: null,
    awsConfig: null,
    nftStorageAuthToken: null,
    shdwStorageAccount: null,
    pinataConfig: null,
    sdriveApiKey: null,
    hiddenSettings: null,
    guards: null,
    maxEditionSupply: null,
  };
}

/** The guide's config with guards: a default botTax and solPayment, and two groups. */
export function guideGuards(): Record<string, unknown> {
  return {
    default: {
      botTax: { value: 0.01, lastInstruction: true },
      solPayment: { value: 0.1, destination: CREATOR },
    },
    groups: [
      { label: "OGs", guards: { startDate: { date: "2024-10-20 12:00:00 +0000" }, mintLimit: { id: 1, limit: 1 } } },
      { label: "Public", guards: { startDate: { date: "2024-10-20 18:00:00 +0000" } } },
    ],
  };
}

/** HashLips' Solana-mode metadata for edition `n`: `image` and the file uri say "image.png", whatever the file. */
export function hashLipsMetadata(n: number): Record<string, unknown> {
  return {
    name: `Your Collection #${n}`,
    symbol: "YC",
    description: "Remember to replace this description",
    seller_fee_basis_points: 1000,
    image: "image.png",
    external_url: "https://www.youtube.com/c/hashlipsnft",
    edition: n,
    attributes: [
      { trait_type: "Background", value: "Black" },
      { trait_type: "Eyeball", value: "Red", display_type: "string" },
    ],
    properties: {
      files: [{ uri: "image.png", type: "image/png" }],
      category: "image",
      creators: [{ address: CREATOR, share: 100 }],
    },
    compiler: "HashLips Art Engine",
  };
}

/** A folder of `config.number` (at most 10) assets: the example's images and collection, `metadata(n)` if given. */
export function writeSugarFolder(options: {
  config: Record<string, unknown>;
  metadata?: (n: number) => Record<string, unknown>;
}): string {
  const folder = mkdtempSync(path.join(tmpdir(), "dropmint-shapes-"));
  const assets = path.join(folder, "assets");
  cpSync(path.join(EXAMPLE, "assets"), assets, { recursive: true });
  const number = options.config.number as number;
  for (const name of readdirSync(assets)) {
    const stem = name.split(".")[0]!;
    if (stem !== "collection" && Number(stem) >= number) rmSync(path.join(assets, name));
  }
  writeFileSync(path.join(folder, "config.json"), JSON.stringify(options.config, null, 2));
  if (options.metadata)
    for (let n = 0; n < number; n++)
      writeFileSync(path.join(assets, `${n}.json`), JSON.stringify(options.metadata(n), null, 2));
  return folder;
}
