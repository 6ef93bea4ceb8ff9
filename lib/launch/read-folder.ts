// Reads a creator's Sugar project folder and checks all of it, writing nothing:
//
//   <folder>/config.json            Sugar's config (number, symbol, royalties, creators, hiddenSettings, guards)
//   <folder>/assets/0.json, 0.png … N-1, collection.json + collection.png   Sugar's assets
//   <folder>/dropmint.json          optional: what Sugar has no words for (lib/schemas/sugar-folder.ts)
//   <folder>/<wallet files>         named by allowList guards ("file")
//
// Every problem is collected, with its file and JSON path, so one run lists them all. The
// result is a draft: the drop as it will be, with each image's content hash, but nothing
// stored yet (lib/launch/stage-drop.ts stores the media and stages the plan).
import { createHash } from "node:crypto";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { assetsHash, ASSETS_HASH_LENGTH } from "@/lib/domain/assets-hash";
import { jsonPath, problem, sortProblems, type FolderProblem } from "@/lib/domain/folder-problems";
import {
  isNotedGuard,
  isRefusedGuard,
  isSupportedGuard,
  NOTED_GUARDS,
  phasesFromGuards,
  REFUSED_GUARDS,
  SUPPORTED_GUARDS,
  type GuardSet,
  type PhaseSpec,
  zonelessDateMessage,
} from "@/lib/domain/sugar-guards";
import { isSolanaAddress, parseSugarDate, zonelessSugarDate } from "@/lib/domain/sugar-values";
import {
  checkWalletEntries,
  walletEntriesOfJson,
  walletEntriesOfLines,
  type WalletEntry,
} from "@/lib/domain/wallet-list";
import { animationExtOf, REFUSED_MEDIA } from "@/lib/domain/animation-formats";
import { inspectAnimation, type AnimationInfo } from "@/lib/media/animations";
import { inspectImage, type ImageInfo } from "@/lib/media/images";
import { openInsideFolder, readInsideFolder, readRefusal } from "./folder-files";
import { parseJsonText } from "./json-text";
import { runPool } from "./run-pool";
import {
  assetMetadataSchema,
  dropmintExtrasSchema,
  sugarConfigSchema,
  supportedGuardSchemas,
  type AssetMetadata,
  type DropmintExtras,
  type SugarConfig,
} from "@/lib/schemas/sugar-folder";

const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp"];
const MAX_JSON_BYTES = 1024 * 1024;
/** The System Program: the guides' placeholder treasury, which no one can spend from. */
const SYSTEM_PROGRAM = "11111111111111111111111111111111";
/** Images checked at once (sharp decodes on libuv's thread pool). */
const CHECK_CONCURRENCY = 4;
/** Metadata files read at once (the disk's wait, not the cores'). */
const READ_CONCURRENCY = 16;

export type DraftImage = { file: string; sha256: string; info: ImageInfo };
/** An asset's animation file (N.mp4, N.mov, N.webm, N.glb or N.mp3), checked and hashed but not read whole. */
export type DraftAnimation = { file: string; sha256: string; info: AnimationInfo };

export type DraftAsset = {
  index: number;
  metadata: AssetMetadata;
  image: DraftImage;
  /** Sugar uploads N.<mp4|mov|webm|glb|mp3> beside the image and links it as animation_url. */
  animation: DraftAnimation | null;
};

export type DropDraft = {
  folder: string;
  shortId: string;
  config: SugarConfig;
  extras: DropmintExtras;
  collection: { metadata: AssetMetadata; image: DraftImage };
  banner: DraftImage | null;
  placeholder: DraftImage | null;
  assets: DraftAsset[];
  phases: PhaseSpec[];
  treasury: string;
  /** The assets hash (lib/domain/assets-hash.ts), whether or not hiddenSettings asks for it. */
  assetsHash: string;
  fingerprint: string;
};

export type ReadProgress = (done: number, total: number) => void;

/** Problems refuse the folder; notes are printed and change nothing (a guard kept with no effect, a likely slip). */
export type ReadResult =
  | { ok: true; draft: DropDraft; notes: FolderProblem[] }
  | { ok: false; problems: FolderProblem[]; notes: FolderProblem[]; hiddenHash: HiddenHash | null };

/** hiddenSettings.hash as written, and the assets hash it must be (set when every asset was read). */
export type HiddenHash = { written: string; expected: string };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Reads and checks the folder; `onImage` reports progress through the image checks. */
export async function readDropFolder(folder: string, onImage?: ReadProgress): Promise<ReadResult> {
  const problems: FolderProblem[] = [];
  const notes: FolderProblem[] = [];
  const fingerprintParts: string[] = [];
  const root = path.resolve(folder);

  /** The file parsed by `schema` (value null when it does not match: its issues are reported, and `raw` still has the JSON). */
  const readJsonLoose = async <S extends z.ZodType>(
    file: string,
    schema: S,
    optional = false,
  ): Promise<{ value: z.output<S> | null; raw: unknown; bytes: Buffer } | null> => {
    const read = await readInsideFolder(root, file, MAX_JSON_BYTES);
    if (!read.ok) {
      if (read.reason === "too-large") problems.push(problem(file, "", `is larger than ${MAX_JSON_BYTES / 1024} KB`));
      else if (!(read.reason === "missing" && optional)) problems.push(problem(file, "", readRefusal(read)));
      return null;
    }
    const bytes = read.bytes;
    const text = parseJsonText(bytes.toString("utf8"));
    if (!text.ok) {
      problems.push(problem(file, "", text.message));
      return null;
    }
    const json = text.value;
    const parsed = schema.safeParse(json, { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(problem(file, jsonPath(issue.path), issueMessage(issue)));
      return { value: null, raw: json, bytes };
    }
    return { value: parsed.data, raw: json, bytes };
  };
  const readJson = async <S extends z.ZodType>(
    file: string,
    schema: S,
    optional = false,
  ): Promise<{ value: z.output<S>; bytes: Buffer } | null> => {
    const read = await readJsonLoose(file, schema, optional);
    return read && read.value !== null ? { value: read.value, bytes: read.bytes } : null;
  };

  // config.json and dropmint.json
  const configLoose = await readJsonLoose("config.json", sugarConfigSchema);
  const configRead = configLoose?.value ? { value: configLoose.value, bytes: configLoose.bytes } : null;
  const extrasRead = await readJson("dropmint.json", dropmintExtrasSchema, true);
  const config = configRead?.value ?? null;
  const extras: DropmintExtras = extrasRead?.value ?? {};
  if (configRead) fingerprintParts.push(`config:${sha256(configRead.bytes)}`);
  if (extrasRead) fingerprintParts.push(`dropmint:${sha256(extrasRead.bytes)}`);
  if (config?.tokenStandard !== undefined && config.tokenStandard !== "nft") {
    problems.push(
      problem(
        "config.json",
        "tokenStandard",
        `"${config.tokenStandard}" is refused: Dropmint mints Token-2022 NFTs with their metadata on the mint; programmable NFTs (pnft) and their rule sets do not exist there`,
      ),
    );
  }

  // Guards: each name honoured, refused with its reason, or unknown.
  // Checked even when another part of the config is wrong, so one run names every problem.
  const rawConfig = isPlainObject(configLoose?.raw) ? configLoose.raw : null;
  const looseGuards = config ? null : guardsStructureSchema.safeParse(rawConfig?.guards);
  const guardsToRead = config?.guards ?? (looseGuards?.success ? looseGuards.data : null);
  if (rawConfig && (rawConfig.guards === null || rawConfig.guards === undefined))
    problems.push(noGuardsProblem(rawConfig));
  const guardSets = guardsToRead ? parseGuards(guardsToRead, problems, notes) : null;

  // Wallet files named by allowList guards.
  const walletFiles = new Map<string, string[]>();
  for (const file of guardSets?.walletFiles ?? []) {
    const wallets = await readWalletFile(root, file, problems);
    if (wallets) {
      walletFiles.set(file, wallets.wallets);
      fingerprintParts.push(`wallets:${file}:${wallets.sha}`);
    }
  }
  const { phases, problems: guardProblems } =
    config || guardSets
      ? phasesFromGuards({ guards: guardSets?.guards ?? null, walletFiles })
      : { phases: [], problems: [] };
  problems.push(...guardProblems);

  // Assets: 0..N-1 pairs and the collection pair.
  const names = await listAssets(root, problems);
  const byStem = new Map<string, { json?: string; images: string[]; animations: string[] }>();
  for (const name of names ?? []) {
    const dot = name.lastIndexOf(".");
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
    const entry = byStem.get(stem) ?? { images: [], animations: [] };
    if (ext === "json") entry.json = name;
    else if (IMAGE_EXTENSIONS.includes(ext)) entry.images.push(name);
    else if (animationExtOf(name)) entry.animations.push(name);
    else if (REFUSED_MEDIA[ext])
      problems.push(
        problem(
          `assets/${name}`,
          "",
          `is refused: ${REFUSED_MEDIA[ext]} (an asset's animation may be .mp4, .mov, .webm, .glb or .mp3, as in Sugar)`,
        ),
      );
    else
      problems.push(
        problem(
          `assets/${name}`,
          "",
          "is not part of a Sugar assets folder (expected <n>.json and <n>.png pairs, and collection.json with collection.png)",
        ),
      );
    byStem.set(stem, entry);
  }
  // The number-versus-files check holds even when another key of config.json is wrong.
  const looseNumber = sugarConfigSchema.shape.number.safeParse(rawConfig?.number);
  const number = config?.number ?? (looseNumber.success ? looseNumber.data : null);
  const indexes: number[] = [];
  for (const [stem, entry] of byStem) {
    if (stem === "collection") continue;
    if (!/^(0|[1-9]\d*)$/.test(stem)) {
      for (const file of [entry.json, ...entry.images, ...entry.animations].filter(Boolean))
        problems.push(problem(`assets/${file}`, "", "is not named by an asset number (0.json, 0.png, 1.json, …)"));
      continue;
    }
    const index = Number(stem);
    if (number !== null && index >= number) {
      for (const file of [entry.json, ...entry.images, ...entry.animations].filter(Boolean)) {
        problems.push(
          problem(
            `assets/${file}`,
            "",
            `is out of range: config.json's number is ${number}, so the assets are 0 to ${number - 1}`,
          ),
        );
      }
      continue;
    }
    indexes.push(index);
  }
  const pairCount = [...byStem.keys()].filter((stem) => /^(0|[1-9]\d*)$/.test(stem)).length;
  if (number !== null && names && pairCount !== number) {
    problems.push(
      problem(
        "config.json",
        "number",
        `is ${number}, but assets/ holds ${pairCount} numbered asset${pairCount === 1 ? "" : "s"}`,
      ),
    );
  }
  if (number !== null && names) {
    for (let i = 0; i < number; i++) {
      if (!byStem.has(String(i)))
        problems.push(
          problem(
            `assets/${i}.json`,
            "",
            `is missing, and so is its image: number is ${number}, so every asset from 0 to ${number - 1} needs its pair`,
          ),
        );
    }
  }

  const pairOf = (stem: string) => {
    const entry = byStem.get(stem);
    if (!entry) return null;
    const label = stem === "collection" ? "collection" : stem;
    if (!entry.json)
      problems.push(
        problem(
          `assets/${label}.json`,
          "",
          `is missing: ${entry.images[0] || entry.animations[0] ? `assets/${entry.images[0] ?? entry.animations[0]}` : "its image"} has no metadata beside it`,
        ),
      );
    if (entry.images.length === 0)
      problems.push(
        problem(
          `assets/${label}.png`,
          "",
          `is missing: assets/${entry.json} has no image beside it (${label}.png, .jpg, .gif or .webp)`,
        ),
      );
    if (entry.images.length > 1)
      problems.push(
        problem(
          `assets/${entry.images[1]}`,
          "",
          `is a second image for ${label}: keep one of ${entry.images.map((i) => `assets/${i}`).join(", ")}`,
        ),
      );
    if (entry.animations.length > 1)
      problems.push(
        problem(
          `assets/${entry.animations[1]}`,
          "",
          `is a second animation for ${label}: keep one of ${entry.animations.map((a) => `assets/${a}`).join(", ")}`,
        ),
      );
    if (stem === "collection" && entry.animations.length > 0)
      notes.push(
        problem(
          `assets/${entry.animations[0]}`,
          "",
          "is not stored: a drop's cover is collection's image (animations are shown for the NFTs)",
        ),
      );
    const animation = stem === "collection" ? null : (entry.animations[0] ?? null);
    return entry.json && entry.images.length === 1 && entry.animations.length <= 1
      ? { json: entry.json, image: entry.images[0]!, animation }
      : null;
  };

  if (names && !byStem.has("collection"))
    problems.push(
      problem(
        "assets/collection.json",
        "",
        "is missing: the collection's name, description and cover (collection.json with collection.png) are required",
      ),
    );

  // Metadata of every pair, then every image (decoded in full).
  type Pending = {
    index: number | "collection";
    json: string;
    image: string;
    animation: string | null;
    metadata: AssetMetadata | null;
    jsonSha: string;
  };
  const pairs = ["collection", ...indexes.sort((a, b) => a - b).map(String)].flatMap((stem) => {
    const pair = pairOf(stem);
    return pair ? [{ stem, ...pair }] : [];
  });
  const pending: Pending[] = new Array(pairs.length);
  const readPair = (pair: (typeof pairs)[number], at: number) => async () => {
    // Sugar pairs N.json with N.<ext> by file name and writes the uploaded link over `image`,
    // so its value (HashLips' "image.png", "ipfs://NewUriToReplace/3.png") does not matter.
    const read = await readJson(`assets/${pair.json}`, assetMetadataSchema);
    pending[at] = {
      index: pair.stem === "collection" ? "collection" : Number(pair.stem),
      json: pair.json,
      image: pair.image,
      animation: pair.animation,
      metadata: read?.value ?? null,
      jsonSha: read ? sha256(read.bytes) : "",
    };
  };
  await runPool(
    pairs.map((pair, at) => readPair(pair, at)),
    READ_CONCURRENCY,
  );

  const extraImages = [
    extras.banner ? { file: extras.banner, path: "banner" } : null,
    extras.reveal?.placeholder ? { file: extras.reveal.placeholder, path: "reveal.placeholder" } : null,
  ].filter((x): x is { file: string; path: string } => x !== null);
  const withAnimation = pending.filter((p) => p.animation !== null);
  const total = pending.length + withAnimation.length + extraImages.length;
  let done = 0;
  const images = new Map<string, DraftImage>();
  const checkImage = async (file: string, reportAs: { file: string; path: string }) => {
    const read = await readInsideFolder(root, file);
    const namedElsewhere = reportAs.file !== file;
    if (!read.ok) {
      if (read.reason === "outside")
        problems.push(problem(reportAs.file, reportAs.path, "must name a file inside the folder"));
      else if (read.reason === "missing" && namedElsewhere)
        problems.push(problem(reportAs.file, reportAs.path, `names ${file}, which is missing`));
      else problems.push(problem(file, "", readRefusal(read)));
    } else {
      const bytes = read.bytes;
      const inspected = await inspectImage(bytes, file);
      if (!inspected.ok) problems.push(problem(file, "", inspected.message));
      else images.set(file, { file, sha256: sha256(bytes), info: inspected.info });
    }
    onImage?.(++done, total);
  };
  const animations = new Map<string, DraftAnimation>();
  const checkAnimation = async (file: string) => {
    const opened = await openInsideFolder(root, file);
    if (!opened.ok) problems.push(problem(file, "", readRefusal(opened)));
    else {
      try {
        const inspected = await inspectAnimation(opened.handle, opened.size, file);
        if (!inspected.ok) problems.push(problem(file, "", inspected.message));
        else animations.set(file, { file, sha256: inspected.sha256, info: inspected.info });
      } finally {
        await opened.handle.close();
      }
    }
    onImage?.(++done, total);
  };
  const jobs = [
    ...pending.map((p) => () => checkImage(`assets/${p.image}`, { file: `assets/${p.image}`, path: "" })),
    ...withAnimation.map((p) => () => checkAnimation(`assets/${p.animation}`)),
    ...extraImages.map((x) => () => checkImage(x.file, { file: "dropmint.json", path: x.path })),
  ];
  await runPool(jobs, CHECK_CONCURRENCY);

  const assets: DraftAsset[] = [];
  let collection: DropDraft["collection"] | null = null;
  const animationOf = (p: Pending) => (p.animation ? (animations.get(`assets/${p.animation}`) ?? null) : null);
  for (const p of pending) {
    const image = images.get(`assets/${p.image}`);
    const animation = animationOf(p);
    if (!p.metadata || !image || (p.animation && !animation)) continue;
    if (p.index === "collection") collection = { metadata: p.metadata, image };
    else {
      assets.push({ index: p.index, metadata: p.metadata, image, animation });
      fingerprintParts.push(`asset:${p.index}:${p.jsonSha}:${image.sha256}${animation ? `:${animation.sha256}` : ""}`);
    }
  }
  if (collection)
    fingerprintParts.push(
      `collection:${collection.image.sha256}:${sha256(Buffer.from(JSON.stringify(collection.metadata)))}`,
    );
  const banner = extras.banner ? (images.get(extras.banner) ?? null) : null;
  const placeholder = extras.reveal?.placeholder ? (images.get(extras.reveal.placeholder) ?? null) : null;
  for (const image of [banner, placeholder]) if (image) fingerprintParts.push(`image:${image.file}:${image.sha256}`);

  const digest = assetsHash(
    pending
      .filter((p) => p.index !== "collection" && images.has(`assets/${p.image}`))
      .map((p) => ({
        index: p.index as number,
        jsonSha256: p.jsonSha,
        imageSha256: images.get(`assets/${p.image}`)!.sha256,
        animationSha256: animationOf(p)?.sha256 ?? null,
      })),
  );
  const assetsComplete = number !== null && assets.length === number;
  if (config?.hiddenSettings && assetsComplete) {
    const { hash } = config.hiddenSettings;
    if (hash !== digest) {
      problems.push(
        problem(
          "config.json",
          "hiddenSettings.hash",
          `${hash ? `"${hash}" does not match the assets` : "is empty"}: Dropmint commits to the asset files themselves (Sugar hashes its upload cache, which Dropmint does not use); for these files it is "${digest}" (${ASSETS_HASH_LENGTH} characters; create or update with --fill-hash writes it in, as Sugar does at deploy)`,
        ),
      );
    }
  }

  // dropmint.json against the config.
  const labels = new Set(phases.map((p) => p.label ?? "default"));
  for (const label of Object.keys(extras.phases ?? {})) {
    if (!labels.has(label))
      problems.push(
        problem(
          "dropmint.json",
          `phases.${label}`,
          `no guard group is labelled "${label}" (labels: ${[...labels].join(", ")})`,
        ),
      );
  }
  for (const [label, phaseExtras] of Object.entries(extras.phases ?? {})) {
    const price = phaseExtras.price;
    if (
      price?.kind === "dutch" &&
      !(price.floorPrice <= price.startPrice && price.startPrice <= (price.ceilingPrice ?? price.startPrice))
    ) {
      problems.push(
        problem("dropmint.json", `phases.${label}.price`, "a dutch price needs floorPrice ≤ startPrice ≤ ceilingPrice"),
      );
    }
  }
  (extras.claimCodes ?? []).forEach((batch, i) => {
    if (batch.phase && !labels.has(batch.phase))
      problems.push(problem("dropmint.json", `claimCodes[${i}].phase`, `no guard group is labelled "${batch.phase}"`));
    if (batch.grantType === "discount" && batch.discountPercent === undefined)
      problems.push(problem("dropmint.json", `claimCodes[${i}].discountPercent`, "a discount batch needs its percent"));
  });
  const allCodes = (extras.claimCodes ?? []).flatMap((b) => b.codes.map((c) => c.toUpperCase()));
  const duplicate = allCodes.find((code, i) => allCodes.indexOf(code) !== i);
  if (duplicate)
    problems.push(
      problem("dropmint.json", "claimCodes", `the code ${duplicate} appears twice; codes are not case-sensitive`),
    );
  (extras.bounties ?? []).forEach((bounty, i) => {
    if (number !== null && bounty.triggerMintCount > number)
      problems.push(problem("dropmint.json", `bounties[${i}].triggerMintCount`, `is past the drop's ${number} NFTs`));
  });
  if (extras.reveal?.at !== undefined && !parseSugarDate(extras.reveal.at)) {
    const zoneless = zonelessSugarDate(extras.reveal.at);
    problems.push(
      problem(
        "dropmint.json",
        "reveal.at",
        zoneless
          ? zonelessDateMessage(extras.reveal.at, zoneless)
          : `"${extras.reveal.at}" is not a date Dropmint reads (e.g. "2024-06-01T18:00:00Z")`,
      ),
    );
  }
  if (extras.reveal && !config?.hiddenSettings)
    problems.push(problem("dropmint.json", "reveal", "applies to a delayed reveal: config.json has no hiddenSettings"));

  const treasury = phases.find((p) => p.treasury)?.treasury ?? extras.treasury ?? config?.creators[0]?.address ?? null;
  if (config && !treasury)
    problems.push(
      problem(
        "config.json",
        "creators",
        "name a creator (or a solPayment destination, or dropmint.json's treasury): the drop needs a wallet to pay",
      ),
    );
  const shortId = extras.shortId ?? (collection ? shortIdFrom(collection.metadata.name) : null);
  if (collection && !shortId)
    problems.push(
      problem(
        "dropmint.json",
        "shortId",
        `collection.json's name gives no usable short link; set shortId (3 to 16 lowercase letters, digits and dashes)`,
      ),
    );

  if (problems.length > 0 || !config || !collection || !treasury || !shortId)
    return {
      ok: false,
      problems: sortProblems(problems),
      notes: sortProblems(notes),
      hiddenHash:
        config?.hiddenSettings && assetsComplete ? { written: config.hiddenSettings.hash, expected: digest } : null,
    };
  const fingerprint = sha256(Buffer.from(fingerprintParts.sort().join("\n")));
  return {
    ok: true,
    notes: sortProblems(notes),
    draft: {
      folder: root,
      shortId,
      config,
      extras,
      collection,
      banner,
      placeholder,
      assets,
      phases,
      treasury,
      assetsHash: digest,
      fingerprint,
    },
  };
}

/** A readable sentence for a zod issue: what was expected and what was found (the kind, never the value). */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys")
    return `unknown key${issue.keys.length === 1 ? "" : "s"} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  if (issue.code === "invalid_type") {
    const expected = `${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
    return issue.input === undefined
      ? `is missing (expected ${expected})`
      : `expected ${expected}, found ${kindOf(issue.input)}`;
  }
  return issue.message;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const type = typeof value;
  return type === "object" ? "an object" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}

/** The shape of `guards` alone, to check every guard even when a label or another key is wrong. */
const guardsStructureSchema = z.looseObject({
  default: z.record(z.string(), z.unknown()),
  groups: z
    .array(z.looseObject({ label: z.string(), guards: z.record(z.string(), z.unknown()) }))
    .nullable()
    .optional(),
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `"guards": null` (what `sugar launch` and the guide write) or no guards: on Candy Guard such a
 * machine mints only to its authority, so it must never become a public phase here.
 */
function noGuardsProblem(rawConfig: Record<string, unknown>): FolderProblem {
  const creators = Array.isArray(rawConfig.creators) ? rawConfig.creators : [];
  const first = isPlainObject(creators[0]) && typeof creators[0].address === "string" ? creators[0].address : null;
  const treasury = first && isSolanaAddress(first) ? first : "<your wallet>";
  return problem(
    "config.json",
    "guards",
    `is ${rawConfig.guards === null ? "null" : "missing"}: a Candy Machine without guards can be minted only by its authority, so Dropmint opens no public mint for it. ` +
      `Add the smallest guard block for a paid mint open at once: "guards": { "default": { "solPayment": { "value": 0.1, "destination": "${treasury}" } } } ` +
      `(or "guards": { "default": {} } for a free one; add startDate to open later)`,
  );
}

/** assets/'s entries (hidden files skipped); a linked folder or linked entry is a problem, never followed. */
async function listAssets(root: string, problems: FolderProblem[]): Promise<string[] | null> {
  const info = await lstat(path.join(root, "assets")).catch(() => null);
  if (info?.isSymbolicLink()) {
    problems.push(problem("assets", "", readRefusal({ ok: false, reason: "symlink" })));
    return null;
  }
  const entries = info ? await readdir(path.join(root, "assets"), { withFileTypes: true }).catch(() => null) : null;
  if (!entries) {
    problems.push(
      problem(
        "assets",
        "",
        "is missing: Sugar's assets folder (0.json, 0.png, … and collection.json, collection.png) goes beside config.json",
      ),
    );
    return null;
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    // A linked file is listed (so its pair is not reported missing) and refused when it is read.
    names.push(entry.name);
  }
  return names;
}

type GuardSetsInput = z.output<typeof guardsStructureSchema>;

function parseGuards(guards: GuardSetsInput, problems: FolderProblem[], notes: FolderProblem[]) {
  const walletFiles = new Set<string>();
  const parseSet = (set: Record<string, unknown>, at: string): GuardSet => {
    const parsed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(set)) {
      if (value === null || value === undefined) continue; // Sugar writes unset guards as null
      const where = `${at}.${name}`;
      if (isNotedGuard(name)) {
        notes.push(problem("config.json", where, `${name} is kept but has no effect: ${NOTED_GUARDS[name]}`));
        continue;
      }
      if (isRefusedGuard(name)) {
        problems.push(problem("config.json", where, `${name} is refused: ${REFUSED_GUARDS[name]}`));
        continue;
      }
      if (!isSupportedGuard(name)) {
        problems.push(
          problem(
            "config.json",
            where,
            `unknown guard "${name}" (Dropmint honours ${Object.keys(SUPPORTED_GUARDS).join(", ")}; /docs lists the ones it refuses)`,
          ),
        );
        continue;
      }
      const result = supportedGuardSchemas[name].safeParse(value, { reportInput: true });
      if (!result.success) {
        for (const issue of result.error.issues)
          problems.push(problem("config.json", jsonPath([where, ...issue.path]), issueMessage(issue)));
        continue;
      }
      parsed[name] = result.data;
      if (name === "solPayment" && (result.data as { destination: string }).destination === SYSTEM_PROGRAM)
        notes.push(
          problem(
            "config.json",
            `${where}.destination`,
            "is the System Program's address, the guides' placeholder: payments sent there are lost. Put your treasury wallet here",
          ),
        );
      if (name === "allowList" && (result.data as { file?: string }).file)
        walletFiles.add((result.data as { file: string }).file);
    }
    return parsed as GuardSet;
  };
  return {
    guards: {
      default: parseSet(guards.default, "guards.default"),
      groups: guards.groups
        ? guards.groups.map((group, i) => ({
            label: group.label,
            guards: parseSet(group.guards, `guards.groups[${i}].guards`),
          }))
        : null,
    },
    walletFiles: [...walletFiles],
  };
}

/** A wallet file: a JSON array of addresses, or one address a line (blank lines and # comments skipped). */
async function readWalletFile(
  root: string,
  file: string,
  problems: FolderProblem[],
): Promise<{ wallets: string[]; sha: string } | null> {
  const read = await readInsideFolder(root, file);
  if (!read.ok) {
    problems.push(
      problem(file, "", `${readRefusal(read)}${read.reason === "missing" ? " (an allowList guard names it)" : ""}`),
    );
    return null;
  }
  const bytes = read.bytes;
  const text = bytes.toString("utf8");
  let entries: WalletEntry[];
  if (file.toLowerCase().endsWith(".json")) {
    const parsed = parseJsonText(text);
    if (!parsed.ok) {
      problems.push(problem(file, "", parsed.message));
      return null;
    }
    const items = walletEntriesOfJson(text, parsed.value);
    if (!items) {
      problems.push(problem(file, "", "must be a JSON array of wallet addresses"));
      return null;
    }
    entries = items;
  } else entries = walletEntriesOfLines(text);
  // The same rule as the studio's allowlist upload (lib/domain/wallet-list.ts).
  const { wallets, problems: bad } = checkWalletEntries(entries);
  for (const { at, reason } of bad) problems.push(problem(file, at, reason));
  return bad.length > 0 ? null : { wallets, sha: sha256(bytes) };
}

/** "Night Owls: Genesis" → "night-owls-genes" (at most 16 characters); null when too short. */
export function shortIdFrom(name: string): string | null {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 16)
    .replace(/-+$/, "");
  return /^[a-z0-9][a-z0-9-]{2,15}$/.test(slug) ? slug : null;
}
