// Section: every minted NFT (GET all-minted), sortable and searchable, 24 at a time. The
// server renders the first page of the default view (newest first, no search).
import { getAllMinted } from "@/lib/services/minted-items";
import { AllMintedExplorer } from "./lazy-islands";
import { loadSection } from "./load";
import { Section, SectionUnavailable } from "./section";

export const ALL_MINTED_PAGE_SIZE = 24;

export async function AllMintedSection({ collectionId }: { collectionId: string }) {
  const view = await loadSection("all minted", (ctx) =>
    getAllMinted(ctx, collectionId, { limit: ALL_MINTED_PAGE_SIZE, offset: 0, sort: "newest" }),
  );
  return (
    <Section
      id="all-minted"
      title="All minted"
      description="Every NFT minted from this drop. Search by name, number, wallet or minter."
    >
      {view ? (
        <AllMintedExplorer collectionId={collectionId} initial={view} pageSize={ALL_MINTED_PAGE_SIZE} />
      ) : (
        <SectionUnavailable what="The minted NFTs" />
      )}
    </Section>
  );
}
