// Section: the latest mints as a live feed (GET recently-minted), rendered on the server and
// polled by the client island every few seconds.
import { getRecentlyMinted } from "@/lib/services/minted-items";
import { loadSection, requestNow } from "./load";
import { RecentlyMintedFeed } from "./lazy-islands";
import { Section, SectionUnavailable } from "./section";

export const RECENT_MINTS_LIMIT = 12;

export async function RecentlyMintedSection({ collectionId }: { collectionId: string }) {
  const view = await loadSection("recently minted", (ctx) =>
    getRecentlyMinted(ctx, collectionId, { limit: RECENT_MINTS_LIMIT }),
  );
  return (
    <Section id="recently-minted" title="Recently minted">
      {view ? (
        <RecentlyMintedFeed
          collectionId={collectionId}
          initial={view}
          limit={RECENT_MINTS_LIMIT}
          serverNowMs={requestNow().getTime()}
        />
      ) : (
        <SectionUnavailable what="Recent mints" />
      )}
    </Section>
  );
}
