-- AlterTable
ALTER TABLE "BountyAward" ADD COLUMN     "bonusSessionId" UUID,
ADD COLUMN     "inventoryItemId" UUID,
ADD COLUMN     "paidAt" TIMESTAMP(3),
ADD COLUMN     "payoutError" TEXT,
ADD COLUMN     "payoutLastValidBlockHeight" BIGINT,
ADD COLUMN     "payoutSignature" TEXT,
ADD COLUMN     "payoutTransaction" TEXT,
ADD COLUMN     "tokenDecimals" INTEGER,
ADD COLUMN     "tokenMint" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "BountyAward_payoutSignature_key" ON "BountyAward"("payoutSignature");

-- CreateIndex
CREATE INDEX "BountyAward_payoutStatus_idx" ON "BountyAward"("payoutStatus");
