-- A drop's counts are cached apart from its record and phases (every mint moves the counts,
-- while prepare and execute read only the record and the phases), so a counted NFT change is
-- announced on a channel of its own and no longer makes every instance reload the drop.

CREATE OR REPLACE FUNCTION "dropmint_notify_drop_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dropmint_drop_counts_changed', COALESCE(NEW."collectionId", OLD."collectionId")::text);
  RETURN NULL;
END
$$;

DROP TRIGGER "Nft_notify_counted_insert" ON "Nft";
DROP TRIGGER "Nft_notify_counted_update" ON "Nft";
DROP TRIGGER "Nft_notify_counted_delete" ON "Nft";

CREATE TRIGGER "Nft_notify_counted_insert" AFTER INSERT ON "Nft"
  FOR EACH ROW WHEN (NEW."status" IN ('minted', 'burned')) EXECUTE FUNCTION "dropmint_notify_drop_counts_changed"();

CREATE TRIGGER "Nft_notify_counted_update" AFTER UPDATE OF "status" ON "Nft"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" AND (NEW."status" IN ('minted', 'burned') OR OLD."status" IN ('minted', 'burned')))
  EXECUTE FUNCTION "dropmint_notify_drop_counts_changed"();

CREATE TRIGGER "Nft_notify_counted_delete" AFTER DELETE ON "Nft"
  FOR EACH ROW WHEN (OLD."status" IN ('minted', 'burned')) EXECUTE FUNCTION "dropmint_notify_drop_counts_changed"();
