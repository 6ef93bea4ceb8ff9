-- AlterTable
ALTER TABLE "MintSession" ADD COLUMN     "admissionCodeId" UUID;

-- CreateTable
CREATE TABLE "GateTokenUse" (
    "phaseId" UUID NOT NULL,
    "mint" TEXT NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GateTokenUse_pkey" PRIMARY KEY ("phaseId","mint")
);

-- AddForeignKey
ALTER TABLE "GateTokenUse" ADD CONSTRAINT "GateTokenUse_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MintSession" ADD CONSTRAINT "MintSession_admissionCodeId_fkey" FOREIGN KEY ("admissionCodeId") REFERENCES "ClaimCode"("id") ON DELETE SET NULL ON UPDATE CASCADE;
