// An nftGate names a collection whose holders may mint. Dropmint recognises an NFT as a member
// of a collection only when it minted that NFT itself (lib/services/holdings.ts): a gate on a
// collection minted elsewhere (a Metaplex Token Metadata or Core collection) could never be
// passed, so a drop would open a phase nobody can enter. Such a gate is refused, with the reason,
// before anything is written.
import { AppError } from "@/lib/errors";
import type { DropPlan } from "@/lib/schemas/drop-plan";
import type { ServiceContext } from "../context";

export async function assertGateCollectionsKnown(ctx: ServiceContext, plan: DropPlan): Promise<void> {
  const named = [...new Set(plan.phases.flatMap((p) => (p.nftGate ? [p.nftGate.collection] : [])))];
  if (named.length === 0) return;
  const known = await ctx.db.collection.findMany({
    where: { collectionAddress: { in: named } },
    select: { collectionAddress: true },
  });
  const knownAddresses = new Set(known.map((c) => c.collectionAddress));
  const foreign = named.filter((address) => !knownAddresses.has(address));
  if (foreign.length === 0) return;
  throw new AppError(
    "LAUNCH_REFUSED",
    `nftGate's requiredCollection ${foreign.join(", ")} is not a collection of a drop on this site: Dropmint recognises holders only of NFTs it minted, so no wallet could pass this gate. Name the collection address of a Dropmint drop (npm run drop -- show prints it), or use tokenGate or allowList.`,
  );
}
