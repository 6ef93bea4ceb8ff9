// Extra drops for the feed tests, written with Prisma: cases the demo drops lack (delayed
// reveal, reservations, full audio, burned NFTs, an open-ended supply).
import { Keypair } from "@solana/web3.js";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";

export const newWallet = () => Keypair.generate().publicKey.toBase58();

type FixtureNft = Omit<Prisma.NftCreateManyInput, "collectionId" | "id"> & {
  /** Records a landed mint (Nft status minted + a Mint row) by this wallet at this moment. */
  mintedBy?: { wallet: string; at: Date };
};

export async function createFixtureDrop(
  prisma: PrismaClient,
  options: { shortId: string; collection?: Partial<Prisma.CollectionCreateInput>; nfts?: FixtureNft[] },
): Promise<{ collectionId: string; nftIds: string[] }> {
  const collection = await prisma.collection.create({
    data: {
      shortId: options.shortId,
      name: `Fixture ${options.shortId}`,
      chain: "solana-localnet",
      treasuryAddress: newWallet(),
      totalSupply: 10,
      ...options.collection,
    },
  });
  const nftIds: string[] = [];
  for (const { mintedBy, ...nft } of options.nfts ?? []) {
    const id = crypto.randomUUID();
    nftIds.push(id);
    const minted = mintedBy
      ? {
          status: nft.status ?? ("minted" as const),
          ownerWallet: mintedBy.wallet,
          minterWallet: mintedBy.wallet,
          mintedAt: mintedBy.at,
          mintAddress: newWallet(),
        }
      : {};
    await prisma.nft.create({ data: { id, collectionId: collection.id, ...nft, ...minted } });
    if (mintedBy)
      await prisma.mint.create({
        data: { collectionId: collection.id, nftId: id, walletAddress: mintedBy.wallet, mintedAt: mintedBy.at },
      });
  }
  return { collectionId: collection.id, nftIds };
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
