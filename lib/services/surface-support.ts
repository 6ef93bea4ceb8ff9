// Whether the v1 flow can mint a drop, as both the Collection response's
// capabilities.supportedBySurface and prepare-mint's MINT_NOT_SUPPORTED_BY_SURFACE decide it:
// the one rule (lib/domain/surface-support.ts) on the drop's settings and on its payment
// tokens' mints as the chain describes them. The mints are read once per instance and kept
// (ctx.caches.paymentMints), so the read and prepare see the same answer for a token.
import { ChainUnavailableError, readPaymentToken, unpayableExtensionsOf, type PaymentToken } from "@/lib/chain";
import type { Collection } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import {
  paymentMintsOf,
  unsupportedBySurface,
  type PaymentMint,
  type SurfacePhase,
} from "@/lib/domain/surface-support";
import type { ServiceContext } from "./context";

/** What the cache keeps per mint address: the token to pay with, and what the rule reads of it. */
export type PaymentMintRead = { token: PaymentToken; mint: NonNullable<PaymentMint> } | null;

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

async function readPaymentMintCached(ctx: ServiceContext, address: string): Promise<PaymentMintRead> {
  const read = await ctx.caches.paymentMints.get(address, () => readPaymentMint(ctx, address));
  // A mint not created yet may be created later: that answer alone is not kept.
  if (read === null) ctx.caches.paymentMints.invalidate(address);
  return read;
}

async function readPaymentMint(ctx: ServiceContext, address: string): Promise<PaymentMintRead> {
  const token = await readPaymentToken(ctx.chain, address);
  if (!token) return null;
  const unpayableExtensions = await unpayableExtensionsOf(ctx.chain, token);
  return { token, mint: { decimals: token.decimals, unpayableExtensions } };
}
