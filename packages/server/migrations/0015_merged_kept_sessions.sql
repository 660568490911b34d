-- The clients list's kept sessions (migration 0011) as merged periods of use, and a new session
-- added to them without reading the client's sessions again.
--
-- Engagement counts overlapping sessions once and joins touching ones (`mergeIntervals` in
-- packages/domain/src/engagement.ts), clips them to its window and takes "last connected" from
-- the latest end: the merged periods give the same figures as the sessions. For a read at an
-- instant on or after the newest session's start (the only reads the kept sessions serve), a
-- period that ended by 48 h before that start touches no window, so only the periods ending
-- later are kept, and the latest-ending one (for a client quiet since).
--
-- A new session (every device batch brings one) is merged into the kept periods; only a change
-- or a removal of a session reads the client's sessions again. Before, every insert read the
-- sessions of the last 72 h and wrote them all: a client whose app sends often (overlapping
-- sessions) paid for every one of them on every batch. Kept texts of the earlier form (sessions,
-- not merged) are valid input to the merge: no row is rewritten here.

-- `pairs` ([start, end] in epoch ms, any order, overlapping or not) merged into sorted, disjoint
-- periods (touching ones joined), without those that ended by `horizon` but the latest-ending.
CREATE FUNCTION "client_list_merge_sessions"(pairs jsonb, horizon float8) RETURNS jsonb
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
CREATE FUNCTION "client_list_sessions_add"(kept text, started timestamptz, ended timestamptz)
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
-- As in migration 0011, but a new session is added to the kept ones (see above).
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
