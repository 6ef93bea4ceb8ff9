// Trait statistics of a drop (GET traits), over every NFT of the drop, minted or not (a
// limited edition's copies; never its master). Before a delayed reveal the traits are
// secret: the list is empty and a message says why.
import { computeTraitStats, type Attribute } from "@/lib/domain/rarity";
import { isCollectionRevealed } from "@/lib/domain/reveal";
import type { TraitsView } from "@/lib/schemas/traits";
import { getCollectionOrThrow } from "./collections";
import type { ServiceContext } from "./context";

export const TRAITS_METHODOLOGY =
  "Computed over every NFT of the drop, minted or not: probability = count / totalNfts, percentage = probability × 100, " +
  "informationContent = −log2(probability) in bits, rarityScore = 1 / probability. An NFT's rarity score is the sum of its values' scores; rank 1 is the rarest.";
export const TRAITS_HIDDEN_MESSAGE = "Traits are hidden until the collection is revealed.";

export async function getTraits(ctx: ServiceContext, collectionId: string): Promise<TraitsView> {
  const now = ctx.clock.now();
  const collection = await getCollectionOrThrow(ctx, collectionId);
  if (!isCollectionRevealed(collection, now)) return { traits: [], message: TRAITS_HIDDEN_MESSAGE };

  const rows = await ctx.db.nft.findMany({
    where: { collectionId, isMasterEdition: false },
    select: { attributes: true, status: true },
  });
  const items = rows.map((row) => ({
    attributes: attributesOf(row.attributes),
    minted: row.status === "minted" || row.status === "burned",
  }));
  const mintedCounts = new Map(
    computeTraitStats(items.filter((item) => item.minted)).flatMap((trait) =>
      trait.values.map((v) => [`${trait.traitType}\u0000${v.value}`, v.count] as const),
    ),
  );
  return {
    traits: computeTraitStats(items).map((trait) => ({
      traitType: trait.traitType,
      uniqueValues: trait.values.length,
      values: trait.values.map((v) => {
        const minted = mintedCounts.get(`${trait.traitType}\u0000${v.value}`) ?? 0;
        return { ...v, minted, available: v.count - minted };
      }),
    })),
    totalNfts: items.length,
    methodology: TRAITS_METHODOLOGY,
  };
}

/** Attributes as stored (JSON), keeping only well-formed {trait_type, value} entries. */
function attributesOf(json: unknown): Attribute[] {
  if (!Array.isArray(json)) return [];
  return json.filter(
    (a): a is Attribute =>
      typeof a === "object" &&
      a !== null &&
      typeof (a as Attribute).trait_type === "string" &&
      ["string", "number"].includes(typeof (a as Attribute).value),
  );
}
