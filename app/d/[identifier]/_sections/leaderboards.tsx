// Section: top holders (read from the chain) and top minters, ten each, server-rendered and
// re-read every minute by the client island.
import { getTopHolders, getTopMinters } from "@/lib/services/leaderboards";
import { LeaderboardLists } from "./lazy-islands";
import { loadSection } from "./load";
import { Section, SectionUnavailable } from "./section";

export async function LeaderboardsSection({ collectionId }: { collectionId: string }) {
  const [holders, minters] = await Promise.all([
    loadSection("top holders", (ctx) => getTopHolders(ctx, collectionId)),
    loadSection("top minters", (ctx) => getTopMinters(ctx, collectionId)),
  ]);
  return (
    <Section id="leaderboards" title="Top holders and minters">
      {holders && minters ? (
        <LeaderboardLists collectionId={collectionId} initialHolders={holders} initialMinters={minters} />
      ) : (
        <SectionUnavailable what="The leaderboards" />
      )}
    </Section>
  );
}
