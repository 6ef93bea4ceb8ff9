-- AlterEnum
ALTER TYPE "SessionStatus" ADD VALUE 'superseded';

-- AlterTable
ALTER TABLE "MintSession" ADD COLUMN     "recoveredAt" TIMESTAMP(3);

-- Recovery was a sentence in "lastError", it is a column now.
UPDATE "MintSession" SET "recoveredAt" = COALESCE("completedAt", "updatedAt"), "lastError" = NULL
WHERE status = 'minted' AND "lastError" = 'recovered: settled by the reconciler after an interrupted submit';
