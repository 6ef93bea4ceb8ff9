// Where to get what an NFT gate asks for: the published drops on this site whose collection
// is one of the gate's collections, so a wallet that does not qualify is shown the drop that
// sells the NFT, not only a collection address.
import type { Requirement } from "@/lib/domain/allocation";
import type { GateRequirement } from "@/lib/schemas/eligibility";
import type { ServiceContext } from "./context";
import type { PhaseWithGates } from "./drop-snapshot";

type GateRule = PhaseWithGates["gateRules"][number];

/** A published drop of this site whose collection an NFT gate names. */
export type SellingDrop = Readonly<{
  id: string;
  shortId: string | null;
  name: string | null;
  collectionAddress: string | null;
}>;

/**
 * The requirements with `drops` on each NFT gate. Requirements list the NFT gates in the
 * rules' order (lib/domain/allocation.ts ruleOutcomes), so the n-th nft_gate requirement is
 * the n-th nft_gate rule.
 */
export async function withDropsSellingGates(
  ctx: ServiceContext,
  requirements: readonly Requirement[],
  rules: readonly GateRule[],
): Promise<GateRequirement[]> {
  const gates = rules.filter((rule) => rule.kind === "nft_gate");
  if (gates.length === 0) return [...requirements];
  const drops = await dropsSelling(ctx, [...new Set(gates.flatMap((gate) => gate.collections))].sort());
  let gateIndex = 0;
  return requirements.map((requirement) => {
    if (requirement.type !== "nft_gate") return requirement;
    const gate = gates[gateIndex++];
    const selling = drops.filter((drop) => gate?.collections.includes(drop.collectionAddress ?? ""));
    return {
      ...requirement,
      drops: selling.map((drop) => ({ name: drop.name, path: `/d/${encodeURIComponent(drop.shortId ?? drop.id)}` })),
    };
  });
}

/** From the instance's cache until any drop changes (read-caches.ts): every eligibility read of a gated phase asks. */
function dropsSelling(ctx: ServiceContext, addresses: string[]): Promise<readonly SellingDrop[]> {
  return ctx.caches.gateDrops.get(addresses.join(","), () =>
    ctx.db.collection.findMany({
      where: { collectionAddress: { in: addresses }, launchStatus: "live" },
      select: { id: true, shortId: true, name: true, collectionAddress: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  );
}
