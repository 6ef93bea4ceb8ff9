-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "creatorWallet" TEXT;

-- CreateTable
CREATE TABLE "StudioAuditEntry" (
    "id" UUID NOT NULL,
    "collectionId" UUID,
    "actorWallet" TEXT NOT NULL,
    "actorIsAdmin" BOOLEAN NOT NULL DEFAULT false,
    "action" TEXT NOT NULL,
    "summary" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StudioAuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StudioAuditEntry_collectionId_createdAt_idx" ON "StudioAuditEntry"("collectionId", "createdAt");

-- CreateIndex
CREATE INDEX "StudioAuditEntry_actorWallet_createdAt_idx" ON "StudioAuditEntry"("actorWallet", "createdAt");

-- CreateIndex
CREATE INDEX "ApiKey_creatorWallet_idx" ON "ApiKey"("creatorWallet");
