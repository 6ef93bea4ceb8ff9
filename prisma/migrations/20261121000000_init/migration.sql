-- Prisma 7.10 schema engine, empty -> schema.prisma (scripts/db-new-migration.ts --from-empty --print), minus its leading CREATE SCHEMA "public": a role without CREATE on the database fails on it.

-- CreateEnum
CREATE TYPE "EditionType" AS ENUM ('generative', 'limited_edition', 'open_edition');

-- CreateEnum
CREATE TYPE "LaunchStatus" AS ENUM ('live', 'coming_soon', 'deploying', 'maintenance');

-- CreateEnum
CREATE TYPE "PriceModel" AS ENUM ('fixed', 'range', 'hidden', 'dutch', 'pegged');

-- CreateEnum
CREATE TYPE "GateKind" AS ENUM ('nft_gate', 'token_gate');

-- CreateEnum
CREATE TYPE "NftStatus" AS ENUM ('available', 'reserved', 'minted', 'burned');

-- CreateEnum
CREATE TYPE "SessionStatus" AS ENUM ('prepared', 'processing', 'pending', 'minted', 'expired', 'released', 'failed');

-- CreateEnum
CREATE TYPE "MintKind" AS ENUM ('paid', 'free', 'bogo_bonus', 'bounty_bonus', 'claim_code');

-- CreateEnum
CREATE TYPE "ApiKeyClass" AS ENUM ('pub', 'live', 'test');

-- CreateEnum
CREATE TYPE "ClaimGrantType" AS ENUM ('whitelist', 'free_mint', 'discount', 'external', 'nft_redemption', 'pack');

-- CreateEnum
CREATE TYPE "BountySectionKind" AS ENUM ('milestone_group', 'individual');

-- CreateEnum
CREATE TYPE "BountyType" AS ENUM ('token', 'nft', 'free_mint', 'grant');

-- CreateEnum
CREATE TYPE "PayoutStatus" AS ENUM ('pending', 'paid', 'failed', 'not_applicable');

-- CreateEnum
CREATE TYPE "InventoryState" AS ENUM ('unassigned', 'assigned', 'claimed');

-- CreateTable
CREATE TABLE "Collection" (
    "id" UUID NOT NULL,
    "shortId" TEXT,
    "name" TEXT,
    "symbol" TEXT,
    "description" TEXT,
    "image" TEXT,
    "bannerImage" TEXT,
    "chain" TEXT NOT NULL,
    "collectionAddress" TEXT,
    "contractAddress" TEXT,
    "externalUrl" TEXT,
    "twitter" TEXT,
    "discord" TEXT,
    "isVerified" BOOLEAN NOT NULL DEFAULT false,
    "isFeatured" BOOLEAN NOT NULL DEFAULT false,
    "launchStatus" "LaunchStatus" NOT NULL DEFAULT 'live',
    "editionType" "EditionType" NOT NULL DEFAULT 'generative',
    "totalSupply" INTEGER,
    "treasuryAddress" TEXT NOT NULL,
    "creatorWallet" TEXT,
    "allowImageDownload" BOOLEAN NOT NULL DEFAULT true,
    "isFrozen" BOOLEAN NOT NULL DEFAULT false,
    "isPlatformPaid" BOOLEAN NOT NULL DEFAULT false,
    "supportedBySurface" BOOLEAN NOT NULL DEFAULT true,
    "requiresFeatures" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "mintUrl" TEXT,
    "delayedRevealEnabled" BOOLEAN NOT NULL DEFAULT false,
    "revealedAt" TIMESTAMP(3),
    "placeholderImage" TEXT,
    "instantRevealAfterMint" BOOLEAN NOT NULL DEFAULT false,
    "timeDelayedReveal" BOOLEAN NOT NULL DEFAULT false,
    "revealDelayMinutes" INTEGER,
    "revealAnimationUrl" TEXT,
    "revealTransitionType" TEXT NOT NULL DEFAULT 'fade',
    "revealAnimationTrigger" TEXT NOT NULL DEFAULT 'auto',
    "revealTapCaption" TEXT,
    "bountyPrizesEnabled" BOOLEAN NOT NULL DEFAULT false,
    "bountyShowOccurrence" BOOLEAN NOT NULL DEFAULT true,
    "bountyShowWinners" BOOLEAN NOT NULL DEFAULT true,
    "bountyShowInventoryPreview" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Collection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Phase" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "name" TEXT,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "startDate" TIMESTAMP(3),
    "endDate" TIMESTAMP(3),
    "priceModel" "PriceModel" NOT NULL DEFAULT 'fixed',
    "price" BIGINT NOT NULL DEFAULT 0,
    "priceMax" BIGINT,
    "currency" TEXT NOT NULL DEFAULT 'SOL',
    "currencyDecimals" INTEGER NOT NULL DEFAULT 9,
    "dutchConfig" JSONB,
    "pegConfig" JSONB,
    "bogoBuy" INTEGER,
    "bogoGet" INTEGER,
    "isGated" BOOLEAN NOT NULL DEFAULT false,
    "maxPerWallet" INTEGER,
    "maxPerTransaction" INTEGER,
    "phaseSupply" INTEGER,
    "isPackPhase" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Phase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AllowlistEntry" (
    "id" UUID NOT NULL,
    "phaseId" UUID NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "allocation" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "AllowlistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GateRule" (
    "id" UUID NOT NULL,
    "phaseId" UUID NOT NULL,
    "kind" "GateKind" NOT NULL,
    "ruleName" TEXT NOT NULL,
    "collections" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tokenMint" TEXT,
    "minAmount" BIGINT NOT NULL DEFAULT 1,
    "multiplier" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "GateRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletAllocationOverride" (
    "id" UUID NOT NULL,
    "phaseId" UUID NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "allocation" INTEGER NOT NULL,

    CONSTRAINT "WalletAllocationOverride_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Nft" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "tokenId" INTEGER,
    "name" TEXT,
    "description" TEXT,
    "imageUrl" TEXT,
    "previewImageUrl" TEXT,
    "coverArtUrl" TEXT,
    "animationUrl" TEXT,
    "audioUrl" TEXT,
    "audioPreviewUrl" TEXT,
    "mediaType" TEXT,
    "previewUrl" TEXT,
    "previewStartTime" DOUBLE PRECISION,
    "previewDuration" DOUBLE PRECISION,
    "audioDurationSeconds" DOUBLE PRECISION,
    "attributes" JSONB NOT NULL DEFAULT '[]',
    "isMasterEdition" BOOLEAN NOT NULL DEFAULT false,
    "currentEditionSupply" INTEGER NOT NULL DEFAULT 0,
    "maxEditionSupply" INTEGER,
    "editionNumber" INTEGER,
    "masterNftId" UUID,
    "packTierName" TEXT,
    "rarityRank" INTEGER,
    "rarityScore" DOUBLE PRECISION,
    "rarityTier" TEXT,
    "isPatron" BOOLEAN NOT NULL DEFAULT false,
    "customTag" TEXT,
    "generationStatus" TEXT,
    "currentPlaceholderSequence" INTEGER,
    "isCrossChain" BOOLEAN NOT NULL DEFAULT false,
    "sourceChain" TEXT,
    "status" "NftStatus" NOT NULL DEFAULT 'available',
    "reservationWallet" TEXT,
    "reservedBySession" UUID,
    "reservedByWallet" TEXT,
    "reservedUntil" TIMESTAMP(3),
    "mintAddress" TEXT,
    "ownerWallet" TEXT,
    "minterWallet" TEXT,
    "mintedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Nft_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MintSession" (
    "id" UUID NOT NULL,
    "groupId" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "phaseId" UUID NOT NULL,
    "nftId" UUID,
    "walletAddress" TEXT NOT NULL,
    "status" "SessionStatus" NOT NULL DEFAULT 'prepared',
    "kind" "MintKind" NOT NULL DEFAULT 'paid',
    "messageBase64" TEXT NOT NULL,
    "mintAddress" TEXT NOT NULL,
    "blockhash" TEXT NOT NULL,
    "lastValidBlockHeight" BIGINT NOT NULL,
    "signature" TEXT,
    "priceAmount" BIGINT NOT NULL DEFAULT 0,
    "feeAmount" BIGINT NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT 'SOL',
    "pricing" JSONB NOT NULL DEFAULT '{}',
    "claimCodeId" UUID,
    "affiliateId" UUID,
    "walletProvider" TEXT,
    "apiKeyId" UUID,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "submittedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MintSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Mint" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "phaseId" UUID,
    "nftId" UUID NOT NULL,
    "sessionId" UUID,
    "walletAddress" TEXT NOT NULL,
    "kind" "MintKind" NOT NULL DEFAULT 'paid',
    "signature" TEXT,
    "pricePaid" BIGINT NOT NULL DEFAULT 0,
    "feePaid" BIGINT NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT 'SOL',
    "affiliateId" UUID,
    "mintedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Mint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" UUID NOT NULL,
    "keyHash" TEXT NOT NULL,
    "displayPrefix" TEXT NOT NULL,
    "keyClass" "ApiKeyClass" NOT NULL,
    "label" TEXT,
    "origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "allCollections" BOOLEAN NOT NULL DEFAULT false,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKeyCollection" (
    "apiKeyId" UUID NOT NULL,
    "collectionId" UUID NOT NULL,

    CONSTRAINT "ApiKeyCollection_pkey" PRIMARY KEY ("apiKeyId","collectionId")
);

-- CreateTable
CREATE TABLE "ClaimCodeBatch" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "phaseId" UUID,
    "name" TEXT,
    "grantType" "ClaimGrantType" NOT NULL,
    "mintAllocation" INTEGER,
    "discountPercent" DOUBLE PRECISION,
    "discountFixed" BIGINT,
    "discountUses" INTEGER,
    "packTierId" TEXT,
    "externalUrl" TEXT,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClaimCodeBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClaimCode" (
    "id" UUID NOT NULL,
    "batchId" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "maxUses" INTEGER,
    "usesCount" INTEGER NOT NULL DEFAULT 0,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClaimCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClaimCodeRedemption" (
    "id" UUID NOT NULL,
    "codeId" UUID NOT NULL,
    "batchId" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "allocation" INTEGER NOT NULL DEFAULT 0,
    "used" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClaimCodeRedemption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BountySection" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "kind" "BountySectionKind" NOT NULL,
    "name" TEXT NOT NULL,
    "counterStartsAt" TIMESTAMP(3),
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BountySection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Bounty" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "sectionId" UUID,
    "name" TEXT,
    "description" TEXT,
    "bountyType" "BountyType" NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "triggerMintCount" INTEGER,
    "triggerStartsAt" TIMESTAMP(3),
    "tokenMint" TEXT,
    "tokenSymbol" TEXT,
    "tokenDecimals" INTEGER,
    "amount" BIGINT,
    "nftName" TEXT,
    "nftImageUrl" TEXT,
    "nftMintAddress" TEXT,
    "grantLabel" TEXT,
    "isClaimed" BOOLEAN NOT NULL DEFAULT false,
    "claimedWinner" TEXT,
    "claimedAt" TIMESTAMP(3),
    "memo" TEXT,

    CONSTRAINT "Bounty_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BountyInventoryItem" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "bountyId" UUID,
    "name" TEXT NOT NULL,
    "imageUrl" TEXT,
    "mintAddress" TEXT,
    "state" "InventoryState" NOT NULL DEFAULT 'unassigned',
    "claimedWinner" TEXT,
    "claimedAt" TIMESTAMP(3),
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BountyInventoryItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BountyPool" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "recurEveryNMints" INTEGER,
    "recurMaxFires" INTEGER,
    "recurFiresCount" INTEGER NOT NULL DEFAULT 0,
    "counterStartsAt" TIMESTAMP(3),

    CONSTRAINT "BountyPool_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BountyPoolEntry" (
    "id" UUID NOT NULL,
    "poolId" UUID NOT NULL,
    "rewardType" TEXT NOT NULL,
    "weightBps" INTEGER NOT NULL,
    "payoutAmount" BIGINT,
    "tokenMint" TEXT,
    "tokenSymbol" TEXT,
    "tokenDecimals" INTEGER,
    "nftPoolLabel" TEXT,
    "displayLabel" TEXT,
    "displayImageUrl" TEXT,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BountyPoolEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BountyAward" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "nftId" UUID NOT NULL,
    "bountyId" UUID,
    "poolId" UUID,
    "walletAddress" TEXT NOT NULL,
    "bountyType" TEXT NOT NULL,
    "amount" BIGINT,
    "tokenSymbol" TEXT,
    "payoutStatus" "PayoutStatus" NOT NULL DEFAULT 'pending',
    "memo" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BountyAward_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Profile" (
    "walletAddress" TEXT NOT NULL,
    "displayName" TEXT,
    "avatarUrl" TEXT,
    "platformRank" TEXT NOT NULL DEFAULT 'member',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Profile_pkey" PRIMARY KEY ("walletAddress")
);

-- CreateTable
CREATE TABLE "ProfileEffect" (
    "id" UUID NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "effectType" TEXT,
    "effectCategory" TEXT,
    "config" JSONB,

    CONSTRAINT "ProfileEffect_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Reaction" (
    "id" UUID NOT NULL,
    "nftId" UUID NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "emoji" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Reaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Affiliate" (
    "id" UUID NOT NULL,
    "collectionId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "feeBps" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Affiliate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletBlock" (
    "id" UUID NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "collectionId" UUID,
    "reason" TEXT NOT NULL,
    "blockedUntil" TIMESTAMP(3),
    "permanent" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletBlock_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Collection_shortId_key" ON "Collection"("shortId");

-- CreateIndex
CREATE UNIQUE INDEX "Collection_collectionAddress_key" ON "Collection"("collectionAddress");

-- CreateIndex
CREATE INDEX "Collection_launchStatus_createdAt_idx" ON "Collection"("launchStatus", "createdAt");

-- CreateIndex
CREATE INDEX "Phase_collectionId_sortOrder_idx" ON "Phase"("collectionId", "sortOrder");

-- CreateIndex
CREATE UNIQUE INDEX "AllowlistEntry_phaseId_walletAddress_key" ON "AllowlistEntry"("phaseId", "walletAddress");

-- CreateIndex
CREATE INDEX "GateRule_phaseId_idx" ON "GateRule"("phaseId");

-- CreateIndex
CREATE UNIQUE INDEX "WalletAllocationOverride_phaseId_walletAddress_key" ON "WalletAllocationOverride"("phaseId", "walletAddress");

-- CreateIndex
CREATE UNIQUE INDEX "Nft_mintAddress_key" ON "Nft"("mintAddress");

-- CreateIndex
CREATE INDEX "Nft_collectionId_status_tokenId_idx" ON "Nft"("collectionId", "status", "tokenId");

-- CreateIndex
CREATE INDEX "Nft_collectionId_mintedAt_idx" ON "Nft"("collectionId", "mintedAt");

-- CreateIndex
CREATE INDEX "Nft_ownerWallet_idx" ON "Nft"("ownerWallet");

-- CreateIndex
CREATE INDEX "Nft_reservedBySession_idx" ON "Nft"("reservedBySession");

-- CreateIndex
CREATE INDEX "Nft_masterNftId_idx" ON "Nft"("masterNftId");

-- CreateIndex
CREATE UNIQUE INDEX "Nft_collectionId_tokenId_key" ON "Nft"("collectionId", "tokenId");

-- CreateIndex
CREATE UNIQUE INDEX "MintSession_mintAddress_key" ON "MintSession"("mintAddress");

-- CreateIndex
CREATE UNIQUE INDEX "MintSession_signature_key" ON "MintSession"("signature");

-- CreateIndex
CREATE INDEX "MintSession_status_expiresAt_idx" ON "MintSession"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "MintSession_walletAddress_collectionId_idx" ON "MintSession"("walletAddress", "collectionId");

-- CreateIndex
CREATE INDEX "MintSession_collectionId_status_idx" ON "MintSession"("collectionId", "status");

-- CreateIndex
CREATE INDEX "MintSession_phaseId_idx" ON "MintSession"("phaseId");

-- CreateIndex
CREATE INDEX "MintSession_nftId_idx" ON "MintSession"("nftId");

-- CreateIndex
CREATE INDEX "MintSession_groupId_idx" ON "MintSession"("groupId");

-- CreateIndex
CREATE UNIQUE INDEX "Mint_nftId_key" ON "Mint"("nftId");

-- CreateIndex
CREATE UNIQUE INDEX "Mint_sessionId_key" ON "Mint"("sessionId");

-- CreateIndex
CREATE INDEX "Mint_collectionId_walletAddress_idx" ON "Mint"("collectionId", "walletAddress");

-- CreateIndex
CREATE INDEX "Mint_collectionId_mintedAt_idx" ON "Mint"("collectionId", "mintedAt");

-- CreateIndex
CREATE INDEX "Mint_phaseId_walletAddress_idx" ON "Mint"("phaseId", "walletAddress");

-- CreateIndex
CREATE INDEX "Mint_mintedAt_idx" ON "Mint"("mintedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKeyCollection_collectionId_idx" ON "ApiKeyCollection"("collectionId");

-- CreateIndex
CREATE INDEX "ClaimCodeBatch_collectionId_idx" ON "ClaimCodeBatch"("collectionId");

-- CreateIndex
CREATE INDEX "ClaimCodeBatch_phaseId_idx" ON "ClaimCodeBatch"("phaseId");

-- CreateIndex
CREATE INDEX "ClaimCode_batchId_idx" ON "ClaimCode"("batchId");

-- CreateIndex
CREATE UNIQUE INDEX "ClaimCode_collectionId_code_key" ON "ClaimCode"("collectionId", "code");

-- CreateIndex
CREATE INDEX "ClaimCodeRedemption_collectionId_walletAddress_idx" ON "ClaimCodeRedemption"("collectionId", "walletAddress");

-- CreateIndex
CREATE INDEX "ClaimCodeRedemption_batchId_idx" ON "ClaimCodeRedemption"("batchId");

-- CreateIndex
CREATE UNIQUE INDEX "ClaimCodeRedemption_codeId_walletAddress_key" ON "ClaimCodeRedemption"("codeId", "walletAddress");

-- CreateIndex
CREATE INDEX "BountySection_collectionId_sortOrder_idx" ON "BountySection"("collectionId", "sortOrder");

-- CreateIndex
CREATE INDEX "Bounty_collectionId_sortOrder_idx" ON "Bounty"("collectionId", "sortOrder");

-- CreateIndex
CREATE INDEX "Bounty_sectionId_idx" ON "Bounty"("sectionId");

-- CreateIndex
CREATE INDEX "BountyInventoryItem_collectionId_sortOrder_idx" ON "BountyInventoryItem"("collectionId", "sortOrder");

-- CreateIndex
CREATE INDEX "BountyInventoryItem_bountyId_idx" ON "BountyInventoryItem"("bountyId");

-- CreateIndex
CREATE INDEX "BountyPool_collectionId_idx" ON "BountyPool"("collectionId");

-- CreateIndex
CREATE INDEX "BountyPoolEntry_poolId_idx" ON "BountyPoolEntry"("poolId");

-- CreateIndex
CREATE INDEX "BountyAward_nftId_idx" ON "BountyAward"("nftId");

-- CreateIndex
CREATE INDEX "BountyAward_collectionId_idx" ON "BountyAward"("collectionId");

-- CreateIndex
CREATE INDEX "BountyAward_bountyId_idx" ON "BountyAward"("bountyId");

-- CreateIndex
CREATE INDEX "BountyAward_poolId_idx" ON "BountyAward"("poolId");

-- CreateIndex
CREATE INDEX "Profile_displayName_idx" ON "Profile"("displayName");

-- CreateIndex
CREATE INDEX "ProfileEffect_walletAddress_idx" ON "ProfileEffect"("walletAddress");

-- CreateIndex
CREATE UNIQUE INDEX "Reaction_nftId_walletAddress_emoji_key" ON "Reaction"("nftId", "walletAddress", "emoji");

-- CreateIndex
CREATE UNIQUE INDEX "Affiliate_collectionId_code_key" ON "Affiliate"("collectionId", "code");

-- CreateIndex
CREATE INDEX "WalletBlock_walletAddress_idx" ON "WalletBlock"("walletAddress");

-- CreateIndex
CREATE INDEX "WalletBlock_collectionId_idx" ON "WalletBlock"("collectionId");

-- AddForeignKey
ALTER TABLE "Phase" ADD CONSTRAINT "Phase_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AllowlistEntry" ADD CONSTRAINT "AllowlistEntry_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GateRule" ADD CONSTRAINT "GateRule_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletAllocationOverride" ADD CONSTRAINT "WalletAllocationOverride_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Nft" ADD CONSTRAINT "Nft_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Nft" ADD CONSTRAINT "Nft_masterNftId_fkey" FOREIGN KEY ("masterNftId") REFERENCES "Nft"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MintSession" ADD CONSTRAINT "MintSession_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MintSession" ADD CONSTRAINT "MintSession_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MintSession" ADD CONSTRAINT "MintSession_nftId_fkey" FOREIGN KEY ("nftId") REFERENCES "Nft"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MintSession" ADD CONSTRAINT "MintSession_claimCodeId_fkey" FOREIGN KEY ("claimCodeId") REFERENCES "ClaimCode"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MintSession" ADD CONSTRAINT "MintSession_affiliateId_fkey" FOREIGN KEY ("affiliateId") REFERENCES "Affiliate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mint" ADD CONSTRAINT "Mint_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mint" ADD CONSTRAINT "Mint_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mint" ADD CONSTRAINT "Mint_nftId_fkey" FOREIGN KEY ("nftId") REFERENCES "Nft"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mint" ADD CONSTRAINT "Mint_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "MintSession"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mint" ADD CONSTRAINT "Mint_affiliateId_fkey" FOREIGN KEY ("affiliateId") REFERENCES "Affiliate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKeyCollection" ADD CONSTRAINT "ApiKeyCollection_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKeyCollection" ADD CONSTRAINT "ApiKeyCollection_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimCodeBatch" ADD CONSTRAINT "ClaimCodeBatch_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimCodeBatch" ADD CONSTRAINT "ClaimCodeBatch_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimCode" ADD CONSTRAINT "ClaimCode_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "ClaimCodeBatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimCode" ADD CONSTRAINT "ClaimCode_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimCodeRedemption" ADD CONSTRAINT "ClaimCodeRedemption_codeId_fkey" FOREIGN KEY ("codeId") REFERENCES "ClaimCode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimCodeRedemption" ADD CONSTRAINT "ClaimCodeRedemption_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "ClaimCodeBatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimCodeRedemption" ADD CONSTRAINT "ClaimCodeRedemption_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BountySection" ADD CONSTRAINT "BountySection_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bounty" ADD CONSTRAINT "Bounty_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bounty" ADD CONSTRAINT "Bounty_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "BountySection"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BountyInventoryItem" ADD CONSTRAINT "BountyInventoryItem_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BountyInventoryItem" ADD CONSTRAINT "BountyInventoryItem_bountyId_fkey" FOREIGN KEY ("bountyId") REFERENCES "Bounty"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BountyPool" ADD CONSTRAINT "BountyPool_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BountyPoolEntry" ADD CONSTRAINT "BountyPoolEntry_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "BountyPool"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BountyAward" ADD CONSTRAINT "BountyAward_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BountyAward" ADD CONSTRAINT "BountyAward_nftId_fkey" FOREIGN KEY ("nftId") REFERENCES "Nft"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BountyAward" ADD CONSTRAINT "BountyAward_bountyId_fkey" FOREIGN KEY ("bountyId") REFERENCES "Bounty"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BountyAward" ADD CONSTRAINT "BountyAward_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "BountyPool"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProfileEffect" ADD CONSTRAINT "ProfileEffect_walletAddress_fkey" FOREIGN KEY ("walletAddress") REFERENCES "Profile"("walletAddress") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reaction" ADD CONSTRAINT "Reaction_nftId_fkey" FOREIGN KEY ("nftId") REFERENCES "Nft"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Affiliate" ADD CONSTRAINT "Affiliate_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletBlock" ADD CONSTRAINT "WalletBlock_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
