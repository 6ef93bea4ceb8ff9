-- AlterTable
ALTER TABLE "MintSession" ADD COLUMN     "holderKey" TEXT,
ADD COLUMN     "walletProven" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "WalletSignInNonce" (
    "nonce" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletSignInNonce_pkey" PRIMARY KEY ("nonce")
);

-- CreateTable
CREATE TABLE "WalletSession" (
    "idHash" TEXT NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletSession_pkey" PRIMARY KEY ("idHash")
);

-- CreateIndex
CREATE INDEX "WalletSignInNonce_expiresAt_idx" ON "WalletSignInNonce"("expiresAt");

-- CreateIndex
CREATE INDEX "WalletSession_walletAddress_idx" ON "WalletSession"("walletAddress");

-- CreateIndex
CREATE INDEX "WalletSession_expiresAt_idx" ON "WalletSession"("expiresAt");

-- CreateIndex
CREATE INDEX "MintSession_phaseId_holderKey_status_idx" ON "MintSession"("phaseId", "holderKey", "status");
