// zod schemas of the files in a creator's Sugar folder: config.json (Sugar's ConfigData),
// each guard's settings, the token-metadata JSON of every asset, and Dropmint's optional
// dropmint.json beside them. Keys are Sugar's own (camelCase in the config, snake_case in
// the metadata). Objects are strict where a typo would otherwise pass unnoticed.
import { z } from "zod";
import { CREATOR_CLAIM_CODE_MAX_LENGTH, CREATOR_CLAIM_CODE_MIN_LENGTH } from "@/lib/domain/claim-code-format";
import { isSolanaAddress } from "@/lib/domain/sugar-values";

export const solanaAddressSchema = z.string().refine(isSolanaAddress, "must be a base58 Solana address");

/** Most NFTs one folder may launch (a validate reads and decodes every image). */
export const MAX_FOLDER_ASSETS = 10_000;
/** Token-metadata limits the chain programs enforce (mpl-token-metadata's MAX_*_LENGTH), in bytes. */
export const MAX_NAME_BYTES = 32;
export const MAX_SYMBOL_BYTES = 10;
/** Sugar's limit on a collection's creators. */
export const MAX_CREATORS = 4;
export const MAX_URI_BYTES = 200;
/** Candy Guard's limit on a group label (MAXIMUM_LABEL_SIZE), in bytes. */
export const MAX_GROUP_LABEL_BYTES = 6;

const bytesAtMost = (max: number) => (text: string) => new TextEncoder().encode(text).length <= max;

export const sugarCreatorSchema = z.strictObject({
  address: solanaAddressSchema,
  share: z.number().int().min(0).max(100),
});

export const hiddenSettingsSchema = z.strictObject({
  name: z.string().refine(bytesAtMost(MAX_NAME_BYTES), `must be at most ${MAX_NAME_BYTES} bytes`),
  uri: z.string().refine(bytesAtMost(MAX_URI_BYTES), `must be at most ${MAX_URI_BYTES} bytes`),
  hash: z.string(),
});

const guardSetSchema = z.record(z.string(), z.unknown());

export const sugarConfigSchema = z.strictObject({
  tokenStandard: z.string().optional(),
  number: z.number().int().min(1).max(MAX_FOLDER_ASSETS),
  symbol: z.string().refine(bytesAtMost(MAX_SYMBOL_BYTES), `must be at most ${MAX_SYMBOL_BYTES} bytes`),
  sellerFeeBasisPoints: z.number().int().min(0).max(10_000),
  isMutable: z.boolean().optional(),
  isSequential: z.boolean().optional(),
  creators: z
    .array(sugarCreatorSchema)
    .max(MAX_CREATORS, `at most ${MAX_CREATORS} creators (Sugar's limit)`)
    .refine(
      (creators) => creators.length === 0 || creators.reduce((sum, c) => sum + c.share, 0) === 100,
      "the creators' shares must add up to 100",
    )
    .superRefine((creators, ctx) => {
      // Token Metadata refuses a creator listed twice (DuplicateCreatorAddress); Sugar's template has one.
      creators.forEach((creator, i) => {
        const first = creators.findIndex((c) => c.address === creator.address);
        if (first < i)
          ctx.addIssue({
            code: "custom",
            path: [i, "address"],
            message: `is listed twice (also creators[${first}]): Token Metadata refuses a duplicate creator; list each once with the shares added`,
          });
      });
    }),
  // Where Sugar uploads: Dropmint stores the media itself, so these are read and not used.
  uploadMethod: z.string().optional(),
  ruleSet: z.string().nullable().optional(),
  awsConfig: z.unknown().optional(),
  sdriveApiKey: z.unknown().optional(),
  pinataConfig: z.unknown().optional(),
  // Sugar 2.x (2022 to late 2025) writes these two, null, in every config.
  nftStorageAuthToken: z.unknown().optional(),
  shdwStorageAccount: z.unknown().optional(),
  hiddenSettings: hiddenSettingsSchema.nullable().optional(),
  guards: z
    .strictObject({
      default: guardSetSchema,
      groups: z
        .array(
          z.strictObject({
            label: z
              .string()
              .min(1, "a group needs a label (it names the phase)")
              .refine(
                bytesAtMost(MAX_GROUP_LABEL_BYTES),
                `must be at most ${MAX_GROUP_LABEL_BYTES} characters: Candy Guard refuses a longer group label (dropmint.json's phases.<label>.name gives the phase a longer name)`,
              ),
            guards: guardSetSchema,
          }),
        )
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  maxEditionSupply: z.number().nullable().optional(),
});
export type SugarConfig = z.infer<typeof sugarConfigSchema>;

const guardDate = z.strictObject({ date: z.string() });
const u8 = z.number().int().min(0).max(255);

/** The settings of each guard Dropmint honours (lib/domain/sugar-guards.ts SUPPORTED_GUARDS). */
export const supportedGuardSchemas = {
  startDate: guardDate,
  endDate: guardDate,
  solPayment: z.strictObject({ value: z.number(), destination: solanaAddressSchema }),
  mintLimit: z.strictObject({ id: u8, limit: z.number().int().min(1).max(65_535) }),
  redeemedAmount: z.strictObject({ maximum: z.number().int().min(1) }),
  allocation: z.strictObject({ id: u8, limit: z.number().int().min(1) }),
  allowList: z.strictObject({
    merkleRoot: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 32 bytes of hex"),
    /** Dropmint's addition: the wallet file the root was built from. */
    file: z.string().min(1).optional(),
  }),
  addressGate: z.strictObject({ address: solanaAddressSchema }),
  tokenGate: z.strictObject({ amount: z.number().int().min(1), mint: solanaAddressSchema }),
  nftGate: z.strictObject({ requiredCollection: solanaAddressSchema }),
  programGate: z.strictObject({ additional: z.array(solanaAddressSchema).max(5) }),
} as const;

/** A Sugar asset's token-metadata JSON (0.json … and collection.json). Unknown keys pass through, as in Sugar. */
export const assetMetadataSchema = z.looseObject({
  name: z.string().min(1).refine(bytesAtMost(MAX_NAME_BYTES), `must be at most ${MAX_NAME_BYTES} bytes`),
  symbol: z.string().optional(),
  description: z.string().max(2000),
  seller_fee_basis_points: z.number().int().min(0).max(10_000).optional(),
  image: z.string().min(1),
  animation_url: z.string().optional(),
  external_url: z.string().optional(),
  attributes: z
    .array(z.looseObject({ trait_type: z.string().min(1).max(64), value: z.union([z.string().max(64), z.number()]) }))
    .max(50)
    .optional(),
  properties: z
    .looseObject({
      files: z.array(z.looseObject({ uri: z.string(), type: z.string() })).optional(),
      category: z.string().optional(),
      creators: z.array(z.looseObject({ address: z.string(), share: z.number() })).optional(),
    })
    .optional(),
});
export type AssetMetadata = z.infer<typeof assetMetadataSchema>;

// ---------------------------------------------------------------------------------------
// dropmint.json: what Sugar has no words for.

const sol = z.number().min(0).max(1_000_000);
const shortIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{2,15}$/, "must be 3 to 16 characters: lowercase letters, digits and dashes");

const dutchPriceSchema = z.strictObject({
  kind: z.literal("dutch"),
  /** SOL amounts. */
  startPrice: sol,
  floorPrice: sol,
  ceilingPrice: sol.optional(),
  decayAmount: sol,
  decayIntervalMinutes: z.number().positive(),
  surgePremium: sol.default(0),
  surgeThreshold: z.number().int().positive().default(1),
  surgeWindowMinutes: z.number().positive().default(1),
});

const peggedPriceSchema = z.strictObject({
  kind: z.literal("pegged"),
  pegMode: z.enum(["usd", "native"]),
  target: z.number().positive().max(1e12),
  slippageTolerance: z.number().min(0).max(1).optional(),
  validitySeconds: z.number().int().positive().max(600).optional(),
});

export const dropmintPhaseExtrasSchema = z.strictObject({
  /** The phase's name on the page (default: the group's label). */
  name: z.string().min(1).max(32).optional(),
  bogo: z.strictObject({ buy: z.number().int().min(1).max(100), get: z.number().int().min(1).max(100) }).optional(),
  maxPerTransaction: z.number().int().min(1).max(100).optional(),
  /** Replaces solPayment's fixed price (solPayment still names the treasury). */
  price: z.discriminatedUnion("kind", [dutchPriceSchema, peggedPriceSchema]).optional(),
});

export const dropmintClaimCodeBatchSchema = z.strictObject({
  name: z.string().min(1).max(64),
  /** A group label (or "default"); absent: good in every phase. */
  phase: z.string().min(1).optional(),
  grantType: z.enum(["free_mint", "discount", "whitelist"]),
  mintAllocation: z.number().int().min(1).max(100).optional(),
  discountPercent: z.number().gt(0).max(100).optional(),
  discountUses: z.number().int().min(1).optional(),
  maxUses: z.number().int().min(1).optional(),
  codes: z
    .array(
      z
        .string()
        .trim()
        .regex(
          new RegExp(`^[A-Za-z0-9-]{${CREATOR_CLAIM_CODE_MIN_LENGTH},${CREATOR_CLAIM_CODE_MAX_LENGTH}}$`),
          `a code is ${CREATOR_CLAIM_CODE_MIN_LENGTH} to ${CREATOR_CLAIM_CODE_MAX_LENGTH} letters, digits or dashes`,
        ),
    )
    .min(1),
});

export const dropmintBountySchema = z.strictObject({
  name: z.string().min(1).max(64),
  description: z.string().max(300).optional(),
  /** The Nth mint of the drop wins. */
  triggerMintCount: z.number().int().min(1),
  prize: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("sol"), amount: z.number().positive().max(1_000_000) }),
    z.strictObject({ kind: z.literal("free_mint") }),
    z.strictObject({ kind: z.literal("grant"), label: z.string().min(1).max(64) }),
  ]),
});

export const dropmintExtrasSchema = z.strictObject({
  /** The drop's short link, /d/<shortId>; default: made from collection.json's name. */
  shortId: shortIdSchema.optional(),
  /** Files in the folder. */
  banner: z.string().min(1).optional(),
  externalUrl: z.url({ protocol: /^https?$/ }).optional(),
  twitter: z.string().max(64).optional(),
  discord: z.url({ protocol: /^https$/ }).optional(),
  /** Who receives the payments when no phase has solPayment (default: the first creator). */
  treasury: solanaAddressSchema.optional(),
  reveal: z
    .strictObject({
      /** The placeholder image shown until the reveal (a file in the folder; default: collection.png). */
      placeholder: z.string().min(1).optional(),
      /** When the whole drop reveals (a Sugar-style date); absent: not yet scheduled. */
      at: z.string().optional(),
    })
    .optional(),
  /** Per phase, by group label ("default" for a config without groups). */
  phases: z.record(z.string(), dropmintPhaseExtrasSchema).optional(),
  claimCodes: z.array(dropmintClaimCodeBatchSchema).max(20).optional(),
  bounties: z.array(dropmintBountySchema).max(50).optional(),
});
export type DropmintExtras = z.infer<typeof dropmintExtrasSchema>;
