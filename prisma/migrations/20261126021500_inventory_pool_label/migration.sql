-- AlterTable
ALTER TABLE "BountyInventoryItem" ADD COLUMN     "poolLabel" TEXT;
