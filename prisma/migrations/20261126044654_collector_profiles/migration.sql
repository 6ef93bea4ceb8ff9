-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "avatarMint" TEXT,
ADD COLUMN     "blockReason" TEXT,
ADD COLUMN     "blockedAt" TIMESTAMP(3),
ADD COLUMN     "displayNameKey" TEXT,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Names set before this migration (seeded ones) keep their place: the first wallet with a
-- name, ignoring case, holds it.
UPDATE "Profile" p SET "displayNameKey" = lower(p."displayName")
  WHERE p."displayName" IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "Profile" o WHERE lower(o."displayName") = lower(p."displayName") AND o."walletAddress" < p."walletAddress");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_displayNameKey_key" ON "Profile"("displayNameKey");

-- CreateIndex
CREATE INDEX "Profile_avatarMint_idx" ON "Profile"("avatarMint");

-- A wallet's activity across drops (its platform rank) is read by wallet.
-- CreateIndex
CREATE INDEX "BountyAward_walletAddress_idx" ON "BountyAward"("walletAddress");
-- CreateIndex
CREATE INDEX "Mint_walletAddress_idx" ON "Mint"("walletAddress");

-- Names, avatars and effects show beside mints on every drop's cached pages: a change to any
-- profile is announced with its wallet, and every instance forgets its cached pages.
CREATE OR REPLACE FUNCTION "dropmint_notify_profile_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dropmint_profiles_changed', COALESCE(NEW."walletAddress", OLD."walletAddress"));
  RETURN NULL;
END
$$;

CREATE TRIGGER "Profile_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "Profile"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_profile_changed"();

CREATE TRIGGER "ProfileEffect_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "ProfileEffect"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_profile_changed"();

-- A reaction changes its NFT's counts: announced as a change to that drop's NFTs.
CREATE OR REPLACE FUNCTION "dropmint_notify_reaction_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dropmint_drop_nfts_changed', "collectionId"::text)
    FROM "Nft" WHERE "id" = COALESCE(NEW."nftId", OLD."nftId");
  RETURN NULL;
END
$$;

CREATE TRIGGER "Reaction_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "Reaction"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_reaction_changed"();
