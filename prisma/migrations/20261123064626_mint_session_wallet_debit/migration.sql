-- AlterTable
ALTER TABLE "MintSession" ADD COLUMN     "walletDebit" BIGINT NOT NULL DEFAULT 0;
