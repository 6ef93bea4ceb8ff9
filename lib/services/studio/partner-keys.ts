// Partner keys a creator makes for its own drops (issue 26, item 5), through the same service
// as `npm run keys`: stored as hashes, shown once. A creator's key names only drops the
// creator owns (checked here, each like the studio's every drop: another's is 404), and the
// v1 scope model then keeps it to them: a scoped key is checked in memory against its own
// drops on every request (lib/api/scope.ts). Keys are never "all drops" here, and a key
// reaches the drops it was made for, not the creator's later ones.
import { AppError } from "@/lib/errors";
import type { z } from "zod";
import type { studioCreateKeyBodySchema } from "@/lib/schemas/studio";
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeySummary } from "../api-keys";
import type { ServiceContext } from "../context";
import { recordStudioChange } from "./audit";
import { findOwnedDropOrThrow, type StudioCaller } from "./owned-drops";

function view(summary: ApiKeySummary) {
  if (summary.keyClass === "test") throw new Error("studio keys are never sandbox keys");
  return {
    ...summary,
    keyClass: summary.keyClass,
    createdAt: summary.createdAt.toISOString(),
    revokedAt: summary.revokedAt?.toISOString() ?? null,
  };
}

/** An admin's keys are its own too: the operator's keys (`npm run keys`) are not listed here. */
export async function listCreatorKeys(ctx: Pick<ServiceContext, "db">, caller: StudioCaller) {
  return { keys: (await listApiKeys(ctx, { creatorWallet: caller.wallet })).map(view) };
}

export async function createCreatorKey(
  ctx: ServiceContext,
  caller: StudioCaller,
  body: z.output<typeof studioCreateKeyBodySchema>,
) {
  const drops = await Promise.all(body.drops.map((ref) => findOwnedDropOrThrow(ctx, caller, ref)));
  const shortIds = drops.map((drop) => drop.shortId);
  if (shortIds.some((id) => id === null))
    throw new AppError("INVALID_REQUEST", "A key names drops by short ID; one of these drops has none.");
  const created = await createApiKey(ctx, {
    keyClass: body.keyClass,
    collections: shortIds as string[],
    origins: body.origins,
    label: body.label,
    creatorWallet: caller.wallet,
  });
  const { id, displayPrefix, keyClass, collections } = created.summary;
  for (const drop of drops)
    await recordStudioChange(ctx.db, caller, {
      collectionId: drop.id,
      action: "keys.create",
      summary: { keyId: id, displayPrefix, keyClass, collections, changes: [`Partner key ${displayPrefix}… created`] },
    });
  return { key: created.key, summary: view(created.summary) };
}

/**
 * Another creator's key answers like an unknown one (NOT_FOUND); an admin may revoke any key
 * made in the studio (never the operator's own). Revoking twice changes nothing.
 */
export async function revokeCreatorKey(ctx: ServiceContext, caller: StudioCaller, keyId: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(keyId))
    throw new AppError("NOT_FOUND", "No API key of yours has that id.");
  const before = await ctx.db.apiKey.findFirst({
    where: { id: keyId.toLowerCase(), creatorWallet: caller.isAdmin ? { not: null } : caller.wallet },
    select: { revokedAt: true, creatorWallet: true, collections: { select: { collectionId: true } } },
  });
  if (!before) throw new AppError("NOT_FOUND", "No API key of yours has that id.");
  const summary = await revokeApiKey(ctx, keyId, { creatorWallet: before.creatorWallet! });
  if (!before.revokedAt)
    for (const { collectionId } of before.collections)
      await recordStudioChange(ctx.db, caller, {
        collectionId,
        action: "keys.revoke",
        summary: { keyId: summary.id, changes: [`Partner key ${summary.displayPrefix}… revoked`] },
      });
  return { summary: view(summary) };
}
