// Section: the NFTs that can still be minted (GET gallery), 24 to a page. The server renders
// the first page; the client island pages through the rest.
import { getGallery } from "@/lib/services/gallery";
import { GalleryGrid } from "./lazy-islands";
import { loadSection } from "./load";
import { plural } from "@/lib/format";
import { Section, SectionUnavailable } from "./section";

export const GALLERY_PAGE_SIZE = 24;

export async function GallerySection({ collectionId }: { collectionId: string }) {
  const view = await loadSection("gallery", (ctx) =>
    getGallery(ctx, collectionId, { limit: GALLERY_PAGE_SIZE, offset: 0 }),
  );
  return (
    <Section
      id="gallery"
      title="Gallery"
      aside={
        view &&
        view.total > 0 && (
          <p className="text-sm tabular-nums text-slate-400">{plural(view.total, "NFT")} left to mint</p>
        )
      }
      description="The NFTs still available to mint."
    >
      {view ? (
        <GalleryGrid collectionId={collectionId} initial={view} pageSize={GALLERY_PAGE_SIZE} />
      ) : (
        <SectionUnavailable what="The gallery" />
      )}
    </Section>
  );
}
