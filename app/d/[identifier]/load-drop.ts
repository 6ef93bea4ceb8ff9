// One read of a drop per request for the drop page and its metadata: a launched drop as the
// exact v1 Collection response the islands poll (so the server's copy seeds their cache and
// nothing shifts), or a pre-launch drop as the teaser envelope, which carries nothing
// unpublished. UUIDs and on-chain addresses redirect to the short link.
import "server-only";
import { cache } from "react";
import { notFound, permanentRedirect } from "next/navigation";
import { getServiceContext } from "@/lib/server/runtime";
import { findCollectionRef, classifyIdentifier } from "@/lib/services/collection-ref";
import { getPublicCollection } from "@/lib/services/public-collection";
import type { CollectionResponse } from "@/lib/schemas/collection";
import type { PreLaunchCollection } from "@/lib/schemas/public-collection";

export type LoadedDrop =
  | { kind: "live"; identifier: string; collection: CollectionResponse }
  | { kind: "pre-launch"; identifier: string; teaser: PreLaunchCollection };

/**
 * The drop a link names, or a 404, or a 308 to its short link. The page awaits it before it
 * renders anything, and no loading boundary sits above the page, so nothing has streamed
 * yet: a wrong link gets a real 404 and a UUID a real redirect.
 */
export const resolveDropLink = cache(async (identifier: string) => {
  if (!classifyIdentifier(identifier)) notFound();
  const { db } = await getServiceContext();
  const ref = await findCollectionRef(db, identifier);
  if (!ref) notFound();
  if (ref.shortId && ref.shortId !== identifier) permanentRedirect(`/d/${ref.shortId}`);
  return { id: ref.id, identifier: ref.shortId ?? ref.id };
});

// cache(): generateMetadata and the page share one load per request.
export const loadDrop = cache(async (identifier: string): Promise<LoadedDrop> => {
  const { id, identifier: canonical } = await resolveDropLink(identifier);
  const drop = await getPublicCollection(await getServiceContext(), id);
  if (drop.status !== "live") return { kind: "pre-launch", identifier: canonical, teaser: drop };
  const { status, ...view } = drop;
  void status;
  return { kind: "live", identifier: canonical, collection: { success: true, ...view } };
});
