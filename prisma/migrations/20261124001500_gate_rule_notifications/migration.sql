-- A phase's gate rules are part of the drop's cached facts: announce their changes too,
-- naming the drop of the rule's phase.
CREATE OR REPLACE FUNCTION "dropmint_notify_gate_rule_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  drop uuid;
BEGIN
  SELECT "collectionId" INTO drop FROM "Phase" WHERE "id" = COALESCE(NEW."phaseId", OLD."phaseId");
  IF drop IS NOT NULL THEN
    PERFORM pg_notify('dropmint_drop_changed', drop::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "GateRule_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "GateRule"
  FOR EACH ROW EXECUTE FUNCTION "dropmint_notify_gate_rule_changed"();
