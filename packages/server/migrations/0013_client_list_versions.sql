CREATE SEQUENCE "public"."client_list_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "client_list_entries" ADD COLUMN "version" bigint DEFAULT nextval('client_list_versions') NOT NULL;--> statement-breakpoint
-- Every write of a client's row takes a new version (see `version` in src/db/schema.ts), whoever
-- writes it: the refresh functions of migration 0011, the bulk loader, a hand-written statement.
-- A coach's versions in the list's order then tell whether their list changed since a reading
-- (services/analytics/listAnswers.ts): a version is taken before its transaction commits, so
-- versions are compared as a whole list, never as "the newest since".
CREATE FUNCTION "client_list_new_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('client_list_versions');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "client_list_entries_version" BEFORE INSERT OR UPDATE ON "client_list_entries"
  FOR EACH ROW EXECUTE FUNCTION client_list_new_version();
