-- AlterTable
ALTER TABLE "Collection" ADD COLUMN     "assetsHash" TEXT,
ADD COLUMN     "creators" JSONB,
ADD COLUMN     "importFingerprint" TEXT,
ADD COLUMN     "launchSettings" JSONB,
ADD COLUMN     "sellerFeeBasisPoints" INTEGER;
