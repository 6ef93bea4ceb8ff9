// A creator's live dashboard of one drop (GET /api/studio/drops/{id}/dashboard): the sale as
// it happens, where its money goes and what the prize account still needs. Amounts are raw
// (the currency's smallest unit) as decimal strings, with the decimals to show them by.
import { z } from "zod";
import { timestampSchema } from "./common";

const rawAmount = z.string().regex(/^\d+$/, "a whole number of the smallest unit");
const count = z.number().int().min(0);

const currencyTotalSchema = z.object({
  currency: z.string(),
  decimals: z.number().int().min(0),
  mints: count,
  /** What buyers paid the creator. */
  proceedsRaw: rawAmount,
  /** What buyers paid the platform on top. */
  feesRaw: rawAmount,
});

const phaseFiguresSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  currency: z.string(),
  /** The phase's own cap; null: the drop's supply is its only limit. */
  supply: z.number().int().nullable(),
  sold: count,
  revenue: z.array(currencyTotalSchema),
  /** Where the phase's proceeds go: the treasury wallet, in SOL or in the token `currencyMint` names. */
  proceeds: z.object({ treasuryAddress: z.string(), currencyMint: z.string().nullable() }),
  /** The platform's fee per NFT: lamports for SOL phases, basis points of the price for token phases. */
  platformFee: z.object({ lamportsPerNft: rawAmount.nullable(), tokenBps: z.number().int().nullable() }),
});

const refusalSchema = z.object({ stage: z.enum(["prepare", "execute"]), code: z.string(), count: count });

export const funnelSchema = z.object({
  prepared: count,
  executed: count,
  landed: count,
  expired: count,
  failed: count,
  superseded: count,
  open: count,
  refused: z.array(refusalSchema),
  refusedTotal: count,
});

const prizeFundingSchema = z.object({
  address: z.string(),
  symbol: z.string().nullable(),
  decimals: z.number().int().min(0),
  neededRaw: rawAmount,
  heldRaw: rawAmount,
  shortfallRaw: rawAmount,
});

export const dropDashboardResponseSchema = z.object({
  success: z.literal(true),
  drop: z.object({
    id: z.uuid(),
    shortId: z.string().nullable(),
    name: z.string().nullable(),
    totalSupply: z.number().int().nullable(),
    minted: count,
  }),
  generatedAt: timestampSchema,
  /** One point a minute (UTC), empty minutes as 0, from the first mint or an hour ago to now (at most a day). */
  mintsPerMinute: z.array(z.object({ minute: timestampSchema, count })),
  revenue: z.array(currencyTotalSchema),
  phases: z.array(phaseFiguresSchema),
  uniqueHolders: count,
  uniqueMinters: count,
  topMinters: z.array(z.object({ walletAddress: z.string(), mints: count })).max(10),
  claimCodes: z.object({
    /** Wallets that redeemed a code (one per code and wallet). */
    redemptions: count,
    batches: z.array(
      z.object({ id: z.uuid(), name: z.string().nullable(), grantType: z.string(), codes: count, uses: count }),
    ),
  }),
  funnel: funnelSchema,
  money: z.object({
    treasuryAddress: z.string(),
    platformFeeAccount: z.string(),
    prizeAccount: z.object({
      address: z.string(),
      /** null when the chain could not be read just now. */
      lamports: rawAmount.nullable(),
      /** Per token (SOL too), what the prizes still owed need against what the account holds. */
      funding: z.array(prizeFundingSchema),
      /** Free-mint prizes still to win: each is minted for the winner at the prize account's cost in SOL. */
      freeMintPrizes: count,
      /** NFT prizes still to send: each must be in the prize account when won. */
      nftPrizes: count,
    }),
  }),
});
export type DropDashboardView = Omit<z.infer<typeof dropDashboardResponseSchema>, "success">;
