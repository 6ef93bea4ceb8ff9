-- CreateTable
CREATE TABLE "AssetBan" (
    "collectionId" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssetBan_pkey" PRIMARY KEY ("collectionId")
);

-- AddForeignKey
ALTER TABLE "AssetBan" ADD CONSTRAINT "AssetBan_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
