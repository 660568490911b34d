CREATE TABLE "client_list_entries" (
	"client_person_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"coach_person_id" uuid,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"entry" text NOT NULL,
	"sessions" text DEFAULT '[null,[]]' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_list_entries" ADD CONSTRAINT "client_list_entries_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_list_entries" ADD CONSTRAINT "client_list_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_list_entries_coach_idx" ON "client_list_entries" USING btree ("organisation_id","coach_person_id","last_name","first_name","client_person_id");--> statement-breakpoint
-- The clients list's rows, kept ready (see `clientListEntries` in src/db/schema.ts), rebuilt by the
-- triggers below in the transaction of every write to the tables they come from. Only facts: the
-- rules (which step's figures show, whether the stored low days hold, engagement) run at read in
-- services/analytics/figures.ts. Both texts are JSON arrays read by position
-- (services/analytics/listEntries.ts names each place): a list of 200 parses in a third of the
-- time of keyed objects. PL/pgSQL, whose statements' plans each connection keeps: a SQL function
-- plans them again on every call.
--
-- The usage sessions kept: those started within 72 h of the client's newest one (a session lasts
-- at most 24 h, so a read at an instant on or after the newest start finds every session its
-- 48 h window and "last connected" need), and the latest one that ended 48 h or more before the
-- newest start (the "last connected" of a client quiet since). A read at an earlier instant
-- reads the sessions themselves.
CREATE FUNCTION "client_list_sessions"(client uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT json_build_array(
    (extract(epoch from n.newest) * 1000)::float8,
    coalesce((SELECT json_agg(json_build_array(
          (extract(epoch from k.started_at) * 1000)::float8,
          (extract(epoch from k.ended_at) * 1000)::float8) ORDER BY k.started_at, k.ended_at)
      FROM (
        SELECT s.started_at, s.ended_at FROM usage_sessions s
        WHERE s.client_person_id = client AND s.started_at > n.newest - interval '72 hours'
        UNION
        (SELECT s.started_at, s.ended_at FROM usage_sessions s
        WHERE s.client_person_id = client AND s.ended_at <= n.newest - interval '48 hours'
        ORDER BY s.ended_at DESC LIMIT 1)) k), '[]'::json))::text
  FROM (SELECT max(s.started_at) AS newest FROM usage_sessions s
    WHERE s.client_person_id = client) n);
END
$$;
--> statement-breakpoint
-- Every client of `ids` (type 'user') written again, facts and sessions; other ids' rows removed.
CREATE FUNCTION "client_list_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM client_list_entries e
  WHERE e.client_person_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = e.client_person_id AND p.type = 'user');
  INSERT INTO client_list_entries AS e (client_person_id, organisation_id, coach_person_id,
    last_name, first_name, entry, sessions, updated_at)
  SELECT p.id, p.organisation_id, p.coach_person_id, p.last_name, p.first_name,
    json_build_array(
      p.id, p.user_id, p.first_name, p.last_name, p.timezone, p.gender, p.birth_date,
      (extract(epoch from p.created_at) * 1000)::float8,
      u.email,
      EXISTS (SELECT 1 FROM profile_pictures pp WHERE pp.person_id = p.id),
      (SELECT j.current_step FROM journeys j WHERE j.client_person_id = p.id),
      coalesce((SELECT json_agg(json_build_array(s.step, s.start_date, s.status))
        FROM journey_steps s WHERE s.client_person_id = p.id), '[]'::json),
      coalesce((SELECT json_agg(json_build_array(t.step,
          t.productivity_sum, t.productivity_days, t.mental_sum, t.mental_days,
          t.physical_sum, t.physical_days,
          t.reflections_completed, t.exercises_completed, t.assessments_completed,
          t.low_days_judged_from, t.low_days_through,
          t.productivity_low_days, t.productivity_low_from, t.mental_low_days, t.mental_low_from,
          t.physical_low_days, t.physical_low_from))
        FROM client_phase_totals t WHERE t.client_person_id = p.id), '[]'::json)
    )::text,
    client_list_sessions(p.id),
    now()
  FROM persons p
  JOIN users u ON u.id = p.user_id
  WHERE p.id = ANY(ids) AND p.type = 'user'
  ON CONFLICT (client_person_id) DO UPDATE SET
    organisation_id = excluded.organisation_id, coach_person_id = excluded.coach_person_id,
    last_name = excluded.last_name, first_name = excluded.first_name, entry = excluded.entry,
    sessions = excluded.sessions, updated_at = excluded.updated_at;
END
$$;
--> statement-breakpoint
-- Rebuilds the row of the client a written row belongs to (TG_ARGV[0]: its column naming the
-- client person; for users, the person of the user): only its sessions after a write to
-- usage_sessions (every device batch), else all of it. A bulk load (the benchmarks' loader) sets
-- coach.bulk_load = 'on' for its transactions and builds every row once at its end.
CREATE FUNCTION "client_list_refresh_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written record;
  client uuid;
  previous uuid;
BEGIN
  IF current_setting('coach.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN written := OLD; ELSE written := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM client_list_refresh(array(SELECT p.id FROM persons p WHERE p.user_id = written.id));
    RETURN NULL;
  END IF;
  client := (to_jsonb(written) ->> TG_ARGV[0])::uuid;
  -- A row moved to another client (never done by the services) leaves the first one behind.
  IF TG_OP = 'UPDATE' THEN
    previous := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
    IF previous IS DISTINCT FROM client THEN
      PERFORM client_list_refresh(ARRAY[previous]);
    END IF;
  END IF;
  IF TG_TABLE_NAME = 'usage_sessions' THEN
    UPDATE client_list_entries SET sessions = client_list_sessions(client), updated_at = now()
    WHERE client_person_id = client;
  ELSE
    PERFORM client_list_refresh(ARRAY[client]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "client_list_persons" AFTER INSERT OR UPDATE ON "persons"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('id');
--> statement-breakpoint
CREATE TRIGGER "client_list_users" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION client_list_refresh_row('id');
--> statement-breakpoint
CREATE TRIGGER "client_list_profile_pictures" AFTER INSERT OR DELETE ON "profile_pictures"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('person_id');
--> statement-breakpoint
CREATE TRIGGER "client_list_journeys" AFTER INSERT OR UPDATE OR DELETE ON "journeys"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('client_person_id');
--> statement-breakpoint
CREATE TRIGGER "client_list_journey_steps" AFTER INSERT OR UPDATE OR DELETE ON "journey_steps"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('client_person_id');
--> statement-breakpoint
CREATE TRIGGER "client_list_client_phase_totals" AFTER INSERT OR UPDATE OR DELETE ON "client_phase_totals"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('client_person_id');
--> statement-breakpoint
CREATE TRIGGER "client_list_usage_sessions" AFTER INSERT OR UPDATE OR DELETE ON "usage_sessions"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('client_person_id');
--> statement-breakpoint
SELECT client_list_refresh(array(SELECT id FROM persons WHERE type = 'user'));
