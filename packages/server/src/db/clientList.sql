-- The clients list's row (`client_list_entries`, its columns in `clientListEntries` of ./schema.ts)
-- as it is now: every function and trigger that writes it, in this one file. The server applies it
-- right after the migrations, in their transaction discipline and under their lock, at every start
-- that finds the database with another text of it (`applyClientList` in ./migrations.ts): each
-- statement replaces what it names. Migrations 0011, 0013, 0015, 0019 and 0021 made these first and
-- stay as databases ran them. A new column of the list: its column in schema.ts (drizzle-kit
-- generates the migration that adds it), what writes it here, its field in `ClientListRow`
-- (services/analytics/listEntries.ts). Statements are separated by breakpoint lines, as in the
-- migrations.
--
-- A row holds only facts, rebuilt by the triggers below in the transaction of every write to the
-- tables they come from; the rules (which step's figures show, whether the stored low days hold,
-- engagement) run at read in services/analytics/figures.ts. `ClientListRow` in
-- services/analytics/listEntries.ts reads the row's columns:
-- - `entry`: the client's facts, a JSON array read by position (`ClientFacts` there names each
--   place): a list of 200 parses in a third of the time of keyed objects;
-- - `sessions`: the kept sessions, `[newest start, merged periods]` (below);
-- - `unread_messages`: the client's unread messages to the entry's coach;
-- - `follow_up`: the client's open follow-up with the entry's coach, `[dueDate, reason]` or null;
-- - `review`: the entry's coach's latest review of the client ('reviewed for today', decision 94),
--   `[day, reviewedAt, flags, unreadMessages]` or null; the list answers it on its day only;
-- - `version`: taken anew by every write of the row, whoever writes it, so that a coach's versions
--   in the list's order tell whether their list changed since a reading
--   (services/analytics/listAnswers.ts). A version is taken before its transaction commits, so
--   versions are compared as a whole list, never as "the newest since".
-- PL/pgSQL, whose statements' plans each connection keeps: a SQL function plans them again on
-- every call.

-- THE KEPT SESSIONS. Engagement counts overlapping sessions once and joins touching ones
-- (`mergeIntervals` in packages/domain/src/engagement.ts), clips them to its window and takes "last
-- connected" from the latest end: merged periods give the same figures as the sessions. For a read
-- at an instant on or after the newest session's start (the only reads the kept sessions serve; an
-- earlier one reads the sessions themselves), a period that ended by 48 h before that start touches
-- no window, so only the periods ending later are kept, and the latest-ending one (for a client
-- quiet since). A new session (every device batch brings one) is merged into the kept periods; only
-- a change or a removal of a session reads the client's sessions again.

-- `pairs` ([start, end] in epoch ms, any order, overlapping or not) merged into sorted, disjoint
-- periods (touching ones joined), without those that ended by `horizon` but the latest-ending.
CREATE OR REPLACE FUNCTION "client_list_merge_sessions"(pairs jsonb, horizon float8) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (
    WITH p AS (
      SELECT (x ->> 0)::float8 AS s, (x ->> 1)::float8 AS e FROM jsonb_array_elements(pairs) x
    ), o AS (
      SELECT s, e,
        max(e) OVER (ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reach
      FROM p
    ), g AS (
      SELECT s, e,
        count(*) FILTER (WHERE reach IS NULL OR s > reach)
          OVER (ORDER BY s, e ROWS UNBOUNDED PRECEDING) AS period
      FROM o
    ), m AS (
      SELECT min(s) AS s, max(e) AS e FROM g GROUP BY period
    )
    SELECT coalesce(jsonb_agg(jsonb_build_array(m.s, m.e) ORDER BY m.s), '[]'::jsonb)
    FROM m
    WHERE m.e > horizon OR m.e = (SELECT max(e) FROM m)
  );
END
$$;
--> statement-breakpoint
-- A client's kept sessions read from their sessions: [newest start, periods], both in epoch ms.
CREATE OR REPLACE FUNCTION "client_list_sessions"(client uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  newest timestamptz;
  newest_ms float8;
BEGIN
  SELECT max(s.started_at) INTO newest FROM usage_sessions s WHERE s.client_person_id = client;
  IF newest IS NULL THEN
    RETURN '[null,[]]';
  END IF;
  newest_ms := (extract(epoch from newest) * 1000)::float8;
  RETURN jsonb_build_array(newest_ms, client_list_merge_sessions(
    (SELECT coalesce(jsonb_agg(jsonb_build_array(
        (extract(epoch from k.started_at) * 1000)::float8,
        (extract(epoch from k.ended_at) * 1000)::float8)), '[]'::jsonb)
      FROM (
        SELECT s.started_at, s.ended_at FROM usage_sessions s
        WHERE s.client_person_id = client AND s.ended_at > newest - interval '48 hours'
        UNION ALL
        (SELECT s.started_at, s.ended_at FROM usage_sessions s
        WHERE s.client_person_id = client ORDER BY s.ended_at DESC LIMIT 1)) k),
    newest_ms - 172800000))::text;
END
$$;
--> statement-breakpoint
-- The kept sessions `kept` with one more session: its start may become the newest.
CREATE OR REPLACE FUNCTION "client_list_sessions_add"(kept text, started timestamptz, ended timestamptz)
RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  k jsonb := kept::jsonb;
  started_ms float8 := (extract(epoch from started) * 1000)::float8;
  newest_ms float8 := greatest((k ->> 0)::float8, started_ms);
BEGIN
  RETURN jsonb_build_array(newest_ms, client_list_merge_sessions(
    coalesce(k -> 1, '[]'::jsonb)
      || jsonb_build_array(jsonb_build_array(started_ms, (extract(epoch from ended) * 1000)::float8)),
    newest_ms - 172800000))::text;
END
$$;
--> statement-breakpoint
-- THE UNREAD MESSAGES AND THE OPEN FOLLOW-UP of a client with a coach, as a new entry (or a client
-- moved to another coach) reads them; after that, the triggers on `messages` and `follow_ups` keep
-- them (below).

-- A client's unread messages to a coach: the client's, not read, not deleted (the partial index
-- messages_coach_unread_idx answers it); 0 without a coach.
CREATE OR REPLACE FUNCTION "client_list_unread"(client uuid, coach uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM messages m
  WHERE m.coach_person_id = coach AND m.client_person_id = client
    AND m.author = 'client' AND m.read_at IS NULL AND m.deleted_at IS NULL
$$;
--> statement-breakpoint
-- A client's open follow-up with a coach as the list shows it: `[dueDate, reason]`, null for none.
CREATE OR REPLACE FUNCTION "client_list_follow_up"(client uuid, coach uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_array(f.due_date, f.reason)::text FROM follow_ups f
  WHERE f.client_person_id = client AND f.coach_person_id = coach AND f.ended_at IS NULL
$$;
--> statement-breakpoint
-- A coach's latest review of a client as the list shows it: `[day, reviewedAt, flags,
-- unreadMessages]` (reviewedAt as ISO text in UTC), null for none (client_reviews_pkey answers it).
CREATE OR REPLACE FUNCTION "client_list_review"(client uuid, coach uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_array(r.day,
    to_char(r.reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    r.flags, r.unread_messages)::text
  FROM client_reviews r
  WHERE r.client_person_id = client AND r.coach_person_id = coach
  ORDER BY r.day DESC LIMIT 1
$$;
--> statement-breakpoint
-- THE ROW. Every client of `ids` (type 'user') written again, facts and sessions; other ids' rows
-- removed. The unread messages, the open follow-up and the review are read for a new entry and when the client
-- moves to another coach (whose thread is another one); else kept as the triggers on `messages` and
-- `follow_ups` left them, which write them under the entry's (or the follow-up's) row lock, so that
-- a rebuild that read before a concurrent change committed never writes back an older one.
CREATE OR REPLACE FUNCTION "client_list_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM client_list_entries e
  WHERE e.client_person_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = e.client_person_id AND p.type = 'user');
  INSERT INTO client_list_entries AS e (client_person_id, organisation_id, coach_person_id,
    last_name, first_name, entry, sessions, unread_messages, follow_up, review, updated_at)
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
    client_list_review(p.id, p.coach_person_id),
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
    review = CASE WHEN e.coach_person_id IS DISTINCT FROM excluded.coach_person_id
      THEN excluded.review ELSE e.review END,
    updated_at = excluded.updated_at;
END
$$;
--> statement-breakpoint
-- Rebuilds the row of the client a written row belongs to (TG_ARGV[0]: its column naming the
-- client person; for users, the person of the user): after a write to usage_sessions (every device
-- batch) only its sessions, a new session added to the kept ones; else all of it. A bulk load (the
-- benchmarks' loader) sets coach.bulk_load = 'on' for its transactions and builds every row once at
-- its end (`client_list_refresh`).
CREATE OR REPLACE FUNCTION "client_list_refresh_row"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_TABLE_NAME = 'usage_sessions' AND TG_OP = 'INSERT' THEN
    UPDATE client_list_entries
    SET sessions = client_list_sessions_add(sessions, NEW.started_at, NEW.ended_at),
      updated_at = now()
    WHERE client_person_id = client;
  ELSIF TG_TABLE_NAME = 'usage_sessions' THEN
    UPDATE client_list_entries SET sessions = client_list_sessions(client), updated_at = now()
    WHERE client_person_id = client;
  ELSE
    PERFORM client_list_refresh(ARRAY[client]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_persons" AFTER INSERT OR UPDATE ON "persons"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_users" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION client_list_refresh_row('id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_profile_pictures" AFTER INSERT OR DELETE ON "profile_pictures"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('person_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_journeys" AFTER INSERT OR UPDATE OR DELETE ON "journeys"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('client_person_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_journey_steps" AFTER INSERT OR UPDATE OR DELETE ON "journey_steps"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('client_person_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_client_phase_totals" AFTER INSERT OR UPDATE OR DELETE ON "client_phase_totals"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('client_person_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_usage_sessions" AFTER INSERT OR UPDATE OR DELETE ON "usage_sessions"
  FOR EACH ROW EXECUTE FUNCTION client_list_refresh_row('client_person_id');
--> statement-breakpoint
-- Every write of a row takes a new version (see the top of this file).
CREATE OR REPLACE FUNCTION "client_list_new_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('client_list_versions');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_entries_version" BEFORE INSERT OR UPDATE ON "client_list_entries"
  FOR EACH ROW EXECUTE FUNCTION client_list_new_version();
--> statement-breakpoint
-- After each statement that writes messages, the entries of the (client, coach) pairs it touched
-- take the difference in unread client messages (one update per entry and statement: marking a
-- hundred messages read is one write of the entry), only where the entry's coach is the message's
-- and the count changed (a coach's own messages, read or deleted, leave the list as it was).
CREATE OR REPLACE FUNCTION "client_list_unread_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER "client_list_messages_inserted" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS written_new
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_unread_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_messages_updated" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS written_old NEW TABLE AS written_new
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_unread_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_messages_deleted" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS written_old
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_unread_changed();
--> statement-breakpoint
-- After each write to a follow-up, the entry of its client with its coach shows it: the open one
-- as written, nothing once it ended or was deleted open. A write to an ended one changes nothing.
CREATE OR REPLACE FUNCTION "client_list_follow_up_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER "client_list_follow_ups" AFTER INSERT OR UPDATE OR DELETE ON "follow_ups"
  FOR EACH ROW EXECUTE FUNCTION client_list_follow_up_changed();
--> statement-breakpoint
-- After each write to a review, the entry of its client with its coach shows that pair's latest
-- review (a mark replaces the day's, removes earlier days'; an undo deletes it), read again from
-- the reviews the statement left.
CREATE OR REPLACE FUNCTION "client_list_review_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written record;
  shown text;
BEGIN
  IF TG_OP = 'DELETE' THEN written := OLD; ELSE written := NEW; END IF;
  shown := client_list_review(written.client_person_id, written.coach_person_id);
  UPDATE client_list_entries e SET review = shown, updated_at = now()
  WHERE e.client_person_id = written.client_person_id
    AND e.coach_person_id = written.coach_person_id
    AND e.review IS DISTINCT FROM shown;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "client_list_client_reviews" AFTER INSERT OR UPDATE OR DELETE ON "client_reviews"
  FOR EACH ROW EXECUTE FUNCTION client_list_review_changed();
