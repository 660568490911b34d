-- A device sample's client is checked once per batch, not per row (issue 41): the batch's own
-- statement reads and locks the person (FOR KEY SHARE) and stores nothing when there is none
-- (services/deviceMetrics/store.ts). The reference's other guarantee, a deleted person's samples
-- deleted with them, is this trigger's.
ALTER TABLE "metric_samples" DROP CONSTRAINT "metric_samples_client_person_id_persons_id_fk";--> statement-breakpoint
CREATE FUNCTION "delete_samples_of_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "metric_samples" WHERE "client_person_id" = OLD."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "persons_delete_samples" AFTER DELETE ON "persons" FOR EACH ROW EXECUTE FUNCTION "delete_samples_of_person"();
