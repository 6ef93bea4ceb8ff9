// The drop page's sections below the fold: gallery, recently minted, all-minted explorer,
// traits and rarity, leaderboards, bounties and prizes. STUB — lands with the sections work.
// A server component: each section renders its first page on the server and hydrates into
// a client island where it polls or paginates.
export type DropSectionsProps = {
  /** Short ID (or id when there is none). */
  identifier: string;
  collectionId: string;
};

export async function DropSections(props: DropSectionsProps) {
  void props;
  return null;
}
