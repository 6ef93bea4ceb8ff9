// The drop page's sections below the header and phases: recently minted, bounties and prizes,
// the gallery, the all-minted explorer, traits and rarity, and the leaderboards. Each section
// is its own server component that reads its first page through the same service the v1
// route uses; live ones hydrate into client islands that poll or paginate.
//
// No <Suspense> around them on purpose: streamed sections stay hidden without JavaScript,
// and the page must read fully without it. They render concurrently all the same.
import { AllMintedSection } from "./all-minted";
import { BountiesSection } from "./bounties";
import { GallerySection } from "./gallery";
import { LeaderboardsSection } from "./leaderboards";
import { RecentlyMintedSection } from "./recently-minted";
import { TraitsSection } from "./traits";

export type DropSectionsProps = {
  /** Short ID (or id when there is none). */
  identifier: string;
  collectionId: string;
};

export async function DropSections({ collectionId }: DropSectionsProps) {
  return (
    <div className="space-y-14">
      <RecentlyMintedSection collectionId={collectionId} />
      <BountiesSection collectionId={collectionId} />
      <GallerySection collectionId={collectionId} />
      <AllMintedSection collectionId={collectionId} />
      <TraitsSection collectionId={collectionId} />
      <LeaderboardsSection collectionId={collectionId} />
    </div>
  );
}
