-- AlterTable
ALTER TABLE "ClaimCode" ADD COLUMN     "redeemNftMint" TEXT;

-- CreateTable
CREATE TABLE "RedeemedNft" (
    "id" UUID NOT NULL,
    "batchId" UUID NOT NULL,
    "nftMint" TEXT NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RedeemedNft_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RedeemedNft_batchId_nftMint_key" ON "RedeemedNft"("batchId", "nftMint");

-- AddForeignKey
ALTER TABLE "RedeemedNft" ADD CONSTRAINT "RedeemedNft_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "ClaimCodeBatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;
