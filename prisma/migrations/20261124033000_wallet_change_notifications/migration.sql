-- A wallet's own rows in a drop (its mints, its allowlist entries and its overrides) are
-- cached per instance for the eligibility and wallet-mints reads. Each change is announced
-- as "<drop id>:<wallet>" so every instance forgets that wallet's rows, and its cached
-- holdings, whichever instance or tool made the change.

CREATE OR REPLACE FUNCTION "dropmint_notify_wallet_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  drop uuid;
  wallet text;
BEGIN
  wallet := COALESCE(NEW."walletAddress", OLD."walletAddress");
  IF TG_TABLE_NAME = 'Mint' THEN
    drop := COALESCE(NEW."collectionId", OLD."collectionId");
  ELSE
    SELECT "collectionId" INTO drop FROM "Phase" WHERE "id" = COALESCE(NEW."phaseId", OLD."phaseId");
  END IF;
  IF drop IS NOT NULL THEN
    PERFORM pg_notify('dropmint_wallet_changed', drop::text || ':' || wallet);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Mint_notify_wallet_changed" AFTER INSERT OR UPDATE OR DELETE ON "Mint"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_wallet_changed"();

CREATE TRIGGER "AllowlistEntry_notify_wallet_changed" AFTER INSERT OR UPDATE OR DELETE ON "AllowlistEntry"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_wallet_changed"();

CREATE TRIGGER "WalletAllocationOverride_notify_wallet_changed" AFTER INSERT OR UPDATE OR DELETE ON "WalletAllocationOverride"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_wallet_changed"();
