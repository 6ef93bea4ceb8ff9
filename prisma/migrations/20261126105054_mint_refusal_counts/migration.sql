-- CreateTable
CREATE TABLE "MintRefusalCount" (
    "collectionId" UUID NOT NULL,
    "stage" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MintRefusalCount_pkey" PRIMARY KEY ("collectionId","stage","code")
);

-- AddForeignKey
ALTER TABLE "MintRefusalCount" ADD CONSTRAINT "MintRefusalCount_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
