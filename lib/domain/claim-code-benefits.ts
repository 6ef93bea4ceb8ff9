// What a wallet's landed claim-code redemptions still give it (spec: Claim code benefits).
//
// Rules (documented in app/docs/_sections/claim-codes.tsx):
// - free_mint, pack and nft_redemption redemptions grant whole free mints: freeMints is what
//   is left of all of them (allocation − used, never below 0); an NFT-redemption code's uses
//   after its first landed mint stay the wallet's.
// - discount redemptions do not stack: the oldest one with uses left applies, and its
//   percent, fixed amount and remaining uses are reported.
// - source names the redemption the next mint would use (a free mint before a discount);
//   when everything is used up it names the most recent redemption, with zero benefits.
// - Other grants (whitelist, external) carry no price benefit.
import { toDisplayAmount } from "./amounts";

export type RedeemedGrant = {
  batchId: string;
  batchName: string | null;
  grantType: "whitelist" | "free_mint" | "discount" | "external" | "nft_redemption" | "pack";
  allocation: number;
  used: number;
  discountPercent: number | null;
  /** Smallest unit of the drop's currency. */
  discountFixed: bigint | null;
  currencyDecimals: number;
  packTierId: string | null;
  redeemedAt: Date;
};

export type FreeMintSource = {
  type: "free_mint";
  batchName: string | null;
  allocation: number | null;
  used: number;
  batchId: string;
  packTierId: string | null;
};

export type DiscountSource = {
  type: "discount";
  batchName: string | null;
  percent?: number;
  fixed?: number;
  allocation: number;
  used: number;
  remaining: number;
  batchId: string;
};

export type ClaimCodeBenefits = {
  freeMints: number;
  discountPercent: number;
  /** In the drop's currency units (e.g. SOL), like PriceDisplay. */
  discountFixed: number;
  discountRemaining: number;
  packTierId: string | null;
  source: FreeMintSource | DiscountSource | null;
};

export const NO_BENEFITS: ClaimCodeBenefits = Object.freeze({
  freeMints: 0,
  discountPercent: 0,
  discountFixed: 0,
  discountRemaining: 0,
  packTierId: null,
  source: null,
});

const remainingOf = (grant: RedeemedGrant) => Math.max(0, grant.allocation - grant.used);
const FREE_GRANTS: ReadonlySet<RedeemedGrant["grantType"]> = new Set(["free_mint", "pack", "nft_redemption"]);
const isFree = (grant: RedeemedGrant) => FREE_GRANTS.has(grant.grantType);
const isDiscount = (grant: RedeemedGrant) => grant.grantType === "discount";

export function claimCodeBenefits(redemptions: readonly RedeemedGrant[]): ClaimCodeBenefits {
  const grants = redemptions
    .filter((grant) => isFree(grant) || isDiscount(grant))
    .sort((a, b) => a.redeemedAt.getTime() - b.redeemedAt.getTime() || a.batchId.localeCompare(b.batchId));
  if (grants.length === 0) return { ...NO_BENEFITS };

  const freeMints = grants.filter(isFree).reduce((sum, grant) => sum + remainingOf(grant), 0);
  const nextFree = grants.find((grant) => isFree(grant) && remainingOf(grant) > 0);
  const discount = grants.find((grant) => isDiscount(grant) && remainingOf(grant) > 0);
  const source = nextFree ?? discount ?? grants[grants.length - 1]!;
  const sourceView = isFree(source) ? freeMintSource(source) : discountSource(source);
  return {
    freeMints,
    discountPercent: discount?.discountPercent ?? 0,
    discountFixed:
      discount?.discountFixed != null ? toDisplayAmount(discount.discountFixed, discount.currencyDecimals) : 0,
    discountRemaining: discount ? remainingOf(discount) : 0,
    packTierId: sourceView.type === "free_mint" ? sourceView.packTierId : null,
    source: sourceView,
  };
}

function freeMintSource(grant: RedeemedGrant): FreeMintSource {
  return {
    type: "free_mint",
    batchName: grant.batchName,
    allocation: grant.allocation,
    used: grant.used,
    batchId: grant.batchId,
    packTierId: grant.packTierId,
  };
}

function discountSource(grant: RedeemedGrant): DiscountSource {
  return {
    type: "discount",
    batchName: grant.batchName,
    ...(grant.discountPercent != null ? { percent: grant.discountPercent } : {}),
    ...(grant.discountFixed != null ? { fixed: toDisplayAmount(grant.discountFixed, grant.currencyDecimals) } : {}),
    allocation: grant.allocation,
    used: grant.used,
    remaining: remainingOf(grant),
    batchId: grant.batchId,
  };
}
