-- AlterTable
ALTER TABLE "MintSession" ADD COLUMN     "tokenMint" TEXT;

-- AlterTable
ALTER TABLE "Phase" ADD COLUMN     "currencyMint" TEXT;
