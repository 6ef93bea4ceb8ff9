// Whether the v1 flow can mint a drop, as both the Collection response's
// capabilities.supportedBySurface and prepare-mint's MINT_NOT_SUPPORTED_BY_SURFACE decide it:
// the one rule (lib/domain/surface-support.ts) on the drop's settings and on its payment
// tokens' mints as the chain describes them. The mints are read once per instance and kept
// (ctx.caches.paymentMints), so the read and prepare see the same answer for a token.
import {
  ChainUnavailableError,
  InvalidAddressError,
  readPaymentToken,
  unpayableExtensionsOf,
  type PaymentToken,
} from "@/lib/chain";
import type { Collection } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import {
  paymentMintsOf,
  unsupportedBySurface,
  type PaymentMint,
  type SurfacePhase,
} from "@/lib/domain/surface-support";
import type { ServiceContext } from "./context";

/** A token mint found on chain: the token to pay with, and what the rule reads of it. */
type PaymentMintFound = { token: PaymentToken; mint: NonNullable<PaymentMint> };

/** What the cache keeps per mint address; a missing mint with when it was found missing. */
export type PaymentMintRead = PaymentMintFound | { missingAt: number };

/**
 * A mint found missing may be created later, so that answer is kept only this long: long
 * enough that reads and prepares of a misconfigured drop do not each ask the chain.
 */
const MISSING_MINT_KEPT_MS = 15_000;

/**
 * Why the v1 flow cannot mint this drop, or null. `chain: "required"` (prepare) lets a chain
 * that cannot be read fail the call; `"optional"` (reads) decides on what could be read.
 */
export async function surfaceRefusal(
  ctx: ServiceContext,
  collection: Collection,
  phases: readonly SurfacePhase[],
  chain: "required" | "optional",
): Promise<string | null> {
  const mints = await Promise.all(
    paymentMintsOf(phases).map(async (address) => {
      const read = await readPaymentMintCached(ctx, address).catch((error: unknown) => {
        if (chain === "optional" && error instanceof ChainUnavailableError) return undefined;
        throw error;
      });
      return read === undefined ? [] : [[address, read?.mint ?? null] as const];
    }),
  );
  return unsupportedBySurface(collection, phases, new Map(mints.flat()));
}

/** prepare's refusal for a drop the rule refuses, naming the hosted page. */
export function surfaceRefusalError(reason: string, mintUrl: string | null): AppError {
  return new AppError("MINT_NOT_SUPPORTED_BY_SURFACE", `${reason} Use its hosted mint page.`, {
    extra: { mintUrl },
  });
}

/** The token a phase is paid in, from the same cached read the rule decided by. */
export async function paymentTokenOf(ctx: ServiceContext, address: string): Promise<PaymentToken | null> {
  return (await readPaymentMintCached(ctx, address))?.token ?? null;
}

async function readPaymentMintCached(ctx: ServiceContext, address: string): Promise<PaymentMintFound | null> {
  const load = () => readPaymentMint(ctx, address);
  let read = await ctx.caches.paymentMints.get(address, load);
  if ("missingAt" in read && ctx.clock.now().getTime() - read.missingAt >= MISSING_MINT_KEPT_MS) {
    ctx.caches.paymentMints.invalidate(address);
    read = await ctx.caches.paymentMints.get(address, load);
  }
  return "missingAt" in read ? null : read;
}

async function readPaymentMint(ctx: ServiceContext, address: string): Promise<PaymentMintRead> {
  // An address that is not even base58 holds no mint: refused as missing, never a failed read.
  const token = await readPaymentToken(ctx.chain, address).catch((error: unknown) => {
    if (error instanceof InvalidAddressError) return null;
    throw error;
  });
  if (!token) return { missingAt: ctx.clock.now().getTime() };
  const unpayableExtensions = await unpayableExtensionsOf(ctx.chain, token);
  return { token, mint: { decimals: token.decimals, unpayableExtensions } };
}
