// The share card of /w/{address}: the collector's public profile and mint counts. A malformed
// address — or a failed read — gives the brand card: a pasted link always gets an image.
import { createLogger } from "@/lib/log";
import { getServiceContext } from "@/lib/server/runtime";
import { getCollectorSummary } from "@/lib/services/collector-page";
import { collectorShareCardOf, type ShareCard } from "@/app/_components/share-card";
import { isWalletAddress } from "./wallet-address";

const log = createLogger("page");

export async function loadCollectorShareCard(address: string): Promise<ShareCard> {
  if (!isWalletAddress(address)) return { kind: "brand" };
  try {
    const ctx = await getServiceContext();
    return collectorShareCardOf(address, await getCollectorSummary(ctx, address), ctx.publicBaseUrl);
  } catch (error) {
    log.error(`share image for collector ${JSON.stringify(address)} fell back to the brand card`, error);
    return { kind: "brand" };
  }
}
