// What `update` compares of a launched drop's NFTs (drop-shape.ts `nftKey`), read from the
// database page by page in token order with only the columns the key uses. The rows whole
// (every column of 10,000 NFTs, about 75 MB of JavaScript objects) would sit in memory beside
// the folder's own plan; the keys are a few MB.
import type { Prisma } from "@/lib/db/generated/client";
import { nftKey } from "./drop-shape";

/** Rows read per query: ten queries for a 10,000-item drop. */
export const NFT_PAGE = 1000;

const KEY_COLUMNS = {
  tokenId: true,
  name: true,
  description: true,
  imageUrl: true,
  animationUrl: true,
  attributes: true,
} as const;

/** Each numbered NFT's key, by token ID (editions have no token ID and are not compared). */
export async function nftKeysOf(
  tx: Prisma.TransactionClient,
  collectionId: string,
  pageSize = NFT_PAGE,
): Promise<Map<number, string>> {
  const keys = new Map<number, string>();
  for (let after = -1; ;) {
    const page = await tx.nft.findMany({
      where: { collectionId, isMasterEdition: false, tokenId: { gt: after } },
      orderBy: { tokenId: "asc" },
      take: pageSize,
      select: KEY_COLUMNS,
    });
    for (const nft of page) keys.set(nft.tokenId!, nftKey(nft));
    if (page.length < pageSize) return keys;
    after = page.at(-1)!.tokenId!;
  }
}
