ALTER TABLE "client_list_entries" ADD COLUMN "unread_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A client's unread messages to a coach: the client's, not read, not deleted (the partial index
-- messages_coach_unread_idx answers it); 0 without a coach.
CREATE FUNCTION "client_list_unread"(client uuid, coach uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM messages m
  WHERE m.coach_person_id = coach AND m.client_person_id = client
    AND m.author = 'client' AND m.read_at IS NULL AND m.deleted_at IS NULL
$$;
--> statement-breakpoint
UPDATE client_list_entries e SET unread_messages = client_list_unread(e.client_person_id, e.coach_person_id)
WHERE client_list_unread(e.client_person_id, e.coach_person_id) > 0;
--> statement-breakpoint
-- As in migration 0011, with the unread messages: counted for a new entry and when the client
-- moves to another coach (whose thread is another one); else kept as the messages' trigger
-- below left them, which adds and takes away under the entry's row lock, so that a rebuild that
-- read the messages before a concurrent one committed never writes back an older count.
CREATE OR REPLACE FUNCTION "client_list_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM client_list_entries e
  WHERE e.client_person_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = e.client_person_id AND p.type = 'user');
  INSERT INTO client_list_entries AS e (client_person_id, organisation_id, coach_person_id,
    last_name, first_name, entry, sessions, unread_messages, updated_at)
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
    updated_at = excluded.updated_at;
END
$$;
--> statement-breakpoint
-- After each statement that writes messages, the entries of the (client, coach) pairs it touched
-- take the difference in unread client messages (one update per entry and statement: marking a
-- hundred messages read is one write of the entry), only where the entry's coach is the message's
-- and the count changed (a coach's own messages, read or deleted, leave the list as it was).
CREATE FUNCTION "client_list_unread_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE client_list_entries e SET unread_messages = e.unread_messages + d.delta, updated_at = now()
    FROM (SELECT client_person_id, coach_person_id, count(*)::integer AS delta FROM written_new
      WHERE author = 'client' AND read_at IS NULL AND deleted_at IS NULL
      GROUP BY client_person_id, coach_person_id) d
    WHERE e.client_person_id = d.client_person_id AND e.coach_person_id = d.coach_person_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE client_list_entries e
    SET unread_messages = greatest(e.unread_messages - d.delta, 0), updated_at = now()
    FROM (SELECT client_person_id, coach_person_id, count(*)::integer AS delta FROM written_old
      WHERE author = 'client' AND read_at IS NULL AND deleted_at IS NULL
      GROUP BY client_person_id, coach_person_id) d
    WHERE e.client_person_id = d.client_person_id AND e.coach_person_id = d.coach_person_id;
  ELSE
    UPDATE client_list_entries e
    SET unread_messages = greatest(e.unread_messages + d.delta, 0), updated_at = now()
    FROM (SELECT client_person_id, coach_person_id, sum(change)::integer AS delta FROM (
        SELECT client_person_id, coach_person_id, 1 AS change FROM written_new
        WHERE author = 'client' AND read_at IS NULL AND deleted_at IS NULL
        UNION ALL
        SELECT client_person_id, coach_person_id, -1 FROM written_old
        WHERE author = 'client' AND read_at IS NULL AND deleted_at IS NULL
      ) changes GROUP BY client_person_id, coach_person_id) d
    WHERE e.client_person_id = d.client_person_id AND e.coach_person_id = d.coach_person_id
      AND d.delta <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "client_list_messages_inserted" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS written_new
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_unread_changed();
--> statement-breakpoint
CREATE TRIGGER "client_list_messages_updated" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS written_old NEW TABLE AS written_new
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_unread_changed();
--> statement-breakpoint
CREATE TRIGGER "client_list_messages_deleted" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS written_old
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_unread_changed();
