// The share card of /d/{identifier}: the same first-party read as GET
// /api/public/collection/{identifier} (full view for a launched drop, the pre-launch envelope
// otherwise). An unknown identifier — or a failed read — gives the brand card: a pasted link
// always gets an image, never an error.
import { logError } from "@/lib/api/log";
import { getRuntime } from "@/lib/server/runtime";
import { findCollectionRef } from "@/lib/services/collection-ref";
import { getPublicCollection } from "@/lib/services/public-collection";
import { shareCardOf, type ShareCard } from "@/app/_components/share-card";

export async function loadShareCard(identifier: string): Promise<ShareCard> {
  try {
    const { database, config } = await getRuntime();
    const ref = await findCollectionRef(database.prisma, identifier);
    if (!ref) return { kind: "brand" };
    const found = await getPublicCollection(database.prisma, ref.id, { now: new Date(), config });
    return shareCardOf(found, identifier, config.publicUrl);
  } catch (error) {
    logError(`share image for ${JSON.stringify(identifier)} fell back to the brand card`, error);
    return { kind: "brand" };
  }
}
