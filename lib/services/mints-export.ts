// A drop's mints as CSV lines for its creator, oldest first, read a page at a time (keyset on
// mintedAt and id), so a 10,000-mint drop streams without holding every row at once.
import { mintsCsvHeader, mintsCsvLine } from "@/lib/domain/mints-csv";
import type { ServiceContext } from "./context";

const PAGE = 1_000;

export async function* mintsCsvLines(ctx: ServiceContext, collectionId: string): AsyncGenerator<string> {
  yield mintsCsvHeader();
  let after: { mintedAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Awaited<ReturnType<typeof mintsPage>> = await mintsPage(ctx, collectionId, after);
    for (const row of rows) {
      yield mintsCsvLine({
        mintedAt: row.mintedAt,
        wallet: row.walletAddress,
        phase: row.phase?.name ?? null,
        kind: row.kind,
        tokenId: row.nft.tokenId,
        nftName: row.nft.name,
        mintAddress: row.nft.mintAddress,
        currency: row.currency,
        pricePaidRaw: row.pricePaid,
        platformFeeRaw: row.feePaid,
        signature: row.signature,
      });
    }
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { mintedAt: last.mintedAt, id: last.id };
  }
}

function mintsPage(ctx: ServiceContext, collectionId: string, after: { mintedAt: Date; id: string } | null) {
  return ctx.db.mint.findMany({
    where: {
      collectionId,
      ...(after
        ? { OR: [{ mintedAt: { gt: after.mintedAt } }, { mintedAt: after.mintedAt, id: { gt: after.id } }] }
        : {}),
    },
    orderBy: [{ mintedAt: "asc" }, { id: "asc" }],
    take: PAGE,
    select: {
      id: true,
      mintedAt: true,
      walletAddress: true,
      kind: true,
      currency: true,
      pricePaid: true,
      feePaid: true,
      signature: true,
      phase: { select: { name: true } },
      nft: { select: { tokenId: true, name: true, mintAddress: true } },
    },
  });
}
