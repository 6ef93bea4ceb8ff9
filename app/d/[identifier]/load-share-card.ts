// The share card of /d/{identifier}: the same first-party read as GET
// /api/public/collection/{identifier} (full view for a launched drop, the pre-launch envelope
// otherwise). An unknown identifier — or a failed read — gives the brand card: a pasted link
// always gets an image, never an error.
import { createLogger } from "@/lib/log";
import { getServiceContext } from "@/lib/server/runtime";
import { findCollectionRef } from "@/lib/services/collection-ref";
import { getPublicCollection } from "@/lib/services/public-collection";
import { shareCardOf, type ShareCard } from "@/app/_components/share-card";

const log = createLogger("page");

export async function loadShareCard(identifier: string): Promise<ShareCard> {
  try {
    const ctx = await getServiceContext();
    const ref = await findCollectionRef(ctx.db, identifier);
    if (!ref) return { kind: "brand" };
    const found = await getPublicCollection(ctx, ref.id);
    return shareCardOf(found, identifier, ctx.publicBaseUrl);
  } catch (error) {
    log.error(`share image for ${JSON.stringify(identifier)} fell back to the brand card`, error);
    return { kind: "brand" };
  }
}
