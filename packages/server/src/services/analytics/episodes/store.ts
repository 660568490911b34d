import type { AttentionFigures } from '@coach/api';
import {
  type ActingKind,
  type AttentionEpisode,
  type AttentionReason,
  type EpisodeFigures,
  episodeFigureDays,
  episodeFigures,
} from '@coach/domain';
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../../db/index.ts';

// The attention episodes' rows: the sweep's reads and writes, and the reads of the profile and of
// the clients list's header (the first action is marked by the client-records core's coachActed).

const { attentionEpisodes, coachAttentionFigures, persons } = schema;

const dayMs = 24 * 3_600_000;

/** Most episodes of a coach the figures read (the newest of the window): a bound, not a limit a coach meets. */
const figureEpisodesMax = 20_000;

/** A coach whose episodes a sweep brings up to date. */
export type SweptCoach = { personId: string; timezone: string };

/**
 * Up to `limit` coaches of the organisation whose episodes are due a sweep at `now`: never swept,
 * marked stale (an action, a change), or swept `resweepMs` ago or more. The oldest first.
 */
export async function selectCoachesDue(
  db: Database,
  organisationId: string,
  now: Date,
  resweepMs: number,
  limit: number,
): Promise<SweptCoach[]> {
  const before = new Date(now.getTime() - resweepMs);
  const { rows } = await db.execute<SweptCoach>(sql`
    select ${persons.id} as "personId", ${persons.timezone} as "timezone"
    from ${persons}
    left join ${coachAttentionFigures} f on f.coach_person_id = ${persons.id}
    where ${persons.organisationId} = ${organisationId} and ${persons.type} = 'coach'
      and (f.coach_person_id is null or f.is_stale or f.swept_at <= ${before.toISOString()}::timestamptz)
    order by f.swept_at asc nulls first, ${persons.id}
    limit ${limit}`);
  return rows;
}

/** The coaches `ids` with their time zones (the ones a notice named), at most `limit`. */
export async function selectCoaches(
  db: Database,
  organisationId: string,
  ids: string[],
): Promise<SweptCoach[]> {
  if (ids.length === 0) return [];
  return db
    .select({ personId: persons.id, timezone: persons.timezone })
    .from(persons)
    .where(
      and(
        eq(persons.organisationId, organisationId),
        eq(persons.type, 'coach'),
        inArray(persons.id, ids),
      ),
    );
}

/**
 * Claims the coach's sweep at `now` in `tx`: true when no sweep of a later instant has been kept
 * (another process's, with fresher figures), and the coach's row is then locked until `tx` ends,
 * so two sweeps of one coach run one after the other.
 */
export async function claimSweep(
  tx: Transaction,
  organisationId: string,
  coachPersonId: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await tx.execute<{ coach: string }>(sql`
    insert into ${coachAttentionFigures} (coach_person_id, organisation_id, swept_at, figures)
    values (${coachPersonId}, ${organisationId}, ${now.toISOString()}::timestamptz, '{}'::jsonb)
    on conflict (coach_person_id) do update set swept_at = excluded.swept_at
    where ${coachAttentionFigures}.swept_at <= excluded.swept_at
    returning coach_person_id as coach`);
  return rows.length > 0;
}

/** The coach's open episodes (one per client at most). */
export async function selectOpenEpisodes(
  tx: Transaction,
  coachPersonId: string,
): Promise<{ id: string; clientId: string }[]> {
  return tx
    .select({ id: attentionEpisodes.id, clientId: attentionEpisodes.clientPersonId })
    .from(attentionEpisodes)
    .where(
      and(eq(attentionEpisodes.coachPersonId, coachPersonId), isNull(attentionEpisodes.endedAt)),
    );
}

/** Opens the episodes of `opened` at `now`. */
export async function openEpisodes(
  tx: Transaction,
  organisationId: string,
  coachPersonId: string,
  opened: { clientId: string; reasons: AttentionReason[] }[],
  now: Date,
): Promise<void> {
  if (opened.length === 0) return;
  await tx
    .insert(attentionEpisodes)
    .values(
      opened.map(({ clientId, reasons }) => ({
        organisationId,
        coachPersonId,
        clientPersonId: clientId,
        startedAt: now,
        reasons,
      })),
    )
    .onConflictDoNothing();
}

/** Ends the episodes `ids` at `now`. */
export async function endEpisodes(tx: Transaction, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(attentionEpisodes)
    .set({ endedAt: now })
    .where(and(inArray(attentionEpisodes.id, ids), isNull(attentionEpisodes.endedAt)));
}

const episodeColumns = {
  id: attentionEpisodes.id,
  clientId: attentionEpisodes.clientPersonId,
  startedAt: attentionEpisodes.startedAt,
  reasons: attentionEpisodes.reasons,
  firstActionAt: attentionEpisodes.firstActionAt,
  firstActionKind: attentionEpisodes.firstActionKind,
  endedAt: attentionEpisodes.endedAt,
};

type EpisodeRow = {
  id: string;
  clientId: string;
  startedAt: Date;
  reasons: AttentionReason[];
  firstActionAt: Date | null;
  firstActionKind: ActingKind | null;
  endedAt: Date | null;
};

const episodeOf = (row: EpisodeRow): AttentionEpisode => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  firstActionAt: row.firstActionAt?.toISOString() ?? null,
  endedAt: row.endedAt?.toISOString() ?? null,
});

/**
 * Works out and keeps the coach's figures over the episodes started in the window at `now` (the
 * domain's `episodeFigures`), within the sweep's transaction `tx`; clears the stale mark.
 */
export async function keepFigures(
  tx: Transaction,
  coachPersonId: string,
  now: Date,
): Promise<EpisodeFigures> {
  const since = new Date(now.getTime() - episodeFigureDays * dayMs);
  const rows = await tx
    .select(episodeColumns)
    .from(attentionEpisodes)
    .where(
      and(
        eq(attentionEpisodes.coachPersonId, coachPersonId),
        gte(attentionEpisodes.startedAt, since),
      ),
    )
    .orderBy(desc(attentionEpisodes.startedAt))
    .limit(figureEpisodesMax);
  const figures = episodeFigures(rows.map(episodeOf), now);
  await tx
    .update(coachAttentionFigures)
    .set({ figures, isStale: false })
    .where(eq(coachAttentionFigures.coachPersonId, coachPersonId));
  return figures;
}

/** The client's episodes with the coach, newest first, at most `limit`. */
export async function selectClientEpisodes(
  db: Database,
  clientPersonId: string,
  coachPersonId: string,
  limit: number,
): Promise<AttentionEpisode[]> {
  const rows = await db
    .select(episodeColumns)
    .from(attentionEpisodes)
    .where(
      and(
        eq(attentionEpisodes.clientPersonId, clientPersonId),
        eq(attentionEpisodes.coachPersonId, coachPersonId),
      ),
    )
    .orderBy(desc(attentionEpisodes.startedAt), desc(attentionEpisodes.id))
    .limit(limit);
  return rows.map(episodeOf);
}

/** The figures of a coach never swept yet. */
const noEpisodeFigures: EpisodeFigures = {
  episodes: 0,
  actedOn: 0,
  medianHoursToFirstAction: null,
  endedAfterAction: 0,
  endedWithoutAction: 0,
};

/**
 * The coach's kept figures and when they were kept, as one JSON text `[figures, swept_at]` (null
 * before the first sweep), read in the clients list's statements beside the coach's rows.
 */
export const keptFiguresText = sql<string | null>`(
  select json_build_array(f.figures, f.swept_at)::text from ${coachAttentionFigures} f
  where f.coach_person_id = ${sql.placeholder('coachPersonId')}::uuid)`;

/** The list's attention figures from {@link keptFiguresText}: zeros before the first sweep. */
export function keptFiguresOf(text: string | null): AttentionFigures {
  const [figures, sweptAt] = text
    ? (JSON.parse(text) as [EpisodeFigures | Record<string, never>, string])
    : [null, null];
  // A claim written but not yet filled (its sweep under way) holds no figures yet.
  const kept: EpisodeFigures =
    figures !== null && 'episodes' in figures ? (figures as EpisodeFigures) : noEpisodeFigures;
  return {
    days: episodeFigureDays,
    ...kept,
    keptAt: sweptAt === null ? null : new Date(sweptAt).toISOString(),
  };
}
