-- AlterTable
ALTER TABLE "Collection" ADD COLUMN     "fairCommitment" TEXT,
ADD COLUMN     "fairFromToken" INTEGER,
ADD COLUMN     "fairSeed" TEXT,
ADD COLUMN     "fairToToken" INTEGER;

-- AlterTable
ALTER TABLE "Nft" ADD COLUMN     "fairPosition" INTEGER;

-- CreateIndex
CREATE INDEX "Nft_collectionId_status_fairPosition_idx" ON "Nft"("collectionId", "status", "fairPosition");
