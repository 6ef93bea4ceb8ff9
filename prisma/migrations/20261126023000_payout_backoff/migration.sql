-- AlterTable
ALTER TABLE "BountyAward" ADD COLUMN     "payoutAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "payoutNextAttemptAt" TIMESTAMP(3);
