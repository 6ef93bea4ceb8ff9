-- Superseded sessions were "released" with a sentence in "lastError". A new enum value
-- cannot be used in the transaction that adds it, so this backfill is its own migration.
UPDATE "MintSession" SET status = 'superseded', "lastError" = NULL
WHERE status = 'released' AND "lastError" = 'superseded by a newer prepare of the same wallet';
