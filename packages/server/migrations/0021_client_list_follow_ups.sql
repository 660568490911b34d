ALTER TABLE "client_list_entries" ADD COLUMN "follow_up" text;--> statement-breakpoint
-- A client's open follow-up with a coach as the list shows it: `[dueDate, reason]`, null for none.
CREATE FUNCTION "client_list_follow_up"(client uuid, coach uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_array(f.due_date, f.reason)::text FROM follow_ups f
  WHERE f.client_person_id = client AND f.coach_person_id = coach AND f.ended_at IS NULL
$$;
--> statement-breakpoint
UPDATE client_list_entries e SET follow_up = client_list_follow_up(e.client_person_id, e.coach_person_id)
WHERE client_list_follow_up(e.client_person_id, e.coach_person_id) IS NOT NULL;
--> statement-breakpoint
-- As in migration 0019, with the open follow-up: read for a new entry and when the client moves to
-- another coach; else kept as the follow-ups' trigger below wrote it (from the written row itself,
-- under the follow-up's own row lock), so that a rebuild that read before a concurrent change
-- committed never writes back an older one.
CREATE OR REPLACE FUNCTION "client_list_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM client_list_entries e
  WHERE e.client_person_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = e.client_person_id AND p.type = 'user');
  INSERT INTO client_list_entries AS e (client_person_id, organisation_id, coach_person_id,
    last_name, first_name, entry, sessions, unread_messages, follow_up, updated_at)
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
    client_list_unread(p.id, p.coach_person_id),
    client_list_follow_up(p.id, p.coach_person_id),
    now()
  FROM persons p
  JOIN users u ON u.id = p.user_id
  WHERE p.id = ANY(ids) AND p.type = 'user'
  ON CONFLICT (client_person_id) DO UPDATE SET
    organisation_id = excluded.organisation_id, coach_person_id = excluded.coach_person_id,
    last_name = excluded.last_name, first_name = excluded.first_name, entry = excluded.entry,
    sessions = excluded.sessions,
    unread_messages = CASE WHEN e.coach_person_id IS DISTINCT FROM excluded.coach_person_id
      THEN excluded.unread_messages ELSE e.unread_messages END,
    follow_up = CASE WHEN e.coach_person_id IS DISTINCT FROM excluded.coach_person_id
      THEN excluded.follow_up ELSE e.follow_up END,
    updated_at = excluded.updated_at;
END
$$;
--> statement-breakpoint
-- After each write to a follow-up, the entry of its client with its coach shows it: the open one
-- as written, nothing once it ended or was deleted open. A write to an ended one changes nothing.
CREATE FUNCTION "client_list_follow_up_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written record;
  shown text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.ended_at IS NOT NULL THEN RETURN NULL; END IF;
    written := OLD;
    shown := NULL;
  ELSIF NEW.ended_at IS NULL THEN
    written := NEW;
    shown := json_build_array(NEW.due_date, NEW.reason)::text;
  ELSIF TG_OP = 'UPDATE' AND OLD.ended_at IS NULL THEN
    written := NEW;
    shown := NULL;
  ELSE
    RETURN NULL;
  END IF;
  UPDATE client_list_entries e SET follow_up = shown, updated_at = now()
  WHERE e.client_person_id = written.client_person_id
    AND e.coach_person_id = written.coach_person_id
    AND e.follow_up IS DISTINCT FROM shown;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "client_list_follow_ups" AFTER INSERT OR UPDATE OR DELETE ON "follow_ups"
  FOR EACH ROW EXECUTE FUNCTION client_list_follow_up_changed();
