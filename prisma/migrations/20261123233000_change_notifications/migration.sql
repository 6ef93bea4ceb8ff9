-- Every instance keeps the facts of hot reads in memory (a drop, its phases, its counts, the
-- live API keys) and must hear when they change, whichever instance or tool changed them.
-- These triggers announce each change on commit with pg_notify, and each instance LISTENs.

CREATE OR REPLACE FUNCTION "dropmint_notify_drop_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'Collection' THEN
    PERFORM pg_notify('dropmint_drop_changed', COALESCE(NEW."id", OLD."id")::text);
  ELSE
    PERFORM pg_notify('dropmint_drop_changed', COALESCE(NEW."collectionId", OLD."collectionId")::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Collection_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "Collection"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_drop_changed"();

CREATE TRIGGER "Phase_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "Phase"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_drop_changed"();

-- A drop's counts change only when an NFT becomes (or stops being) minted or burned, never
-- on a reservation, so a rush of prepares does not churn every instance's cache.
CREATE TRIGGER "Nft_notify_counted_insert" AFTER INSERT ON "Nft"
  FOR EACH ROW WHEN (NEW."status" IN ('minted', 'burned')) EXECUTE FUNCTION "dropmint_notify_drop_changed"();

CREATE TRIGGER "Nft_notify_counted_update" AFTER UPDATE OF "status" ON "Nft"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" AND (NEW."status" IN ('minted', 'burned') OR OLD."status" IN ('minted', 'burned')))
  EXECUTE FUNCTION "dropmint_notify_drop_changed"();

CREATE TRIGGER "Nft_notify_counted_delete" AFTER DELETE ON "Nft"
  FOR EACH ROW WHEN (OLD."status" IN ('minted', 'burned')) EXECUTE FUNCTION "dropmint_notify_drop_changed"();

CREATE OR REPLACE FUNCTION "dropmint_notify_key_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dropmint_key_changed', OLD."keyHash");
  RETURN NULL;
END
$$;

CREATE TRIGGER "ApiKey_notify_changed" AFTER UPDATE OR DELETE ON "ApiKey"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_key_changed"();
