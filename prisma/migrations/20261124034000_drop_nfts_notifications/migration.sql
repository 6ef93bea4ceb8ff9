-- The first pages of a drop's NFT lists (gallery, all-minted) are cached per instance until
-- any NFT of the drop changes: a reservation, a release, a mint, a reveal. Each such change
-- is announced with the drop's id (identical announcements of one transaction are sent once).

CREATE OR REPLACE FUNCTION "dropmint_notify_drop_nfts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dropmint_drop_nfts_changed', COALESCE(NEW."collectionId", OLD."collectionId")::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "Nft_notify_nfts_changed" AFTER INSERT OR UPDATE OR DELETE ON "Nft"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_drop_nfts_changed"();

CREATE TRIGGER "Mint_notify_nfts_changed" AFTER INSERT OR UPDATE OR DELETE ON "Mint"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_drop_nfts_changed"();
