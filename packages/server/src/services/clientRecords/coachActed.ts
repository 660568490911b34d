import type { ActingKind } from '@coach/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Transaction } from '../../db/index.ts';

// A coach acting on a client (a message, a note, a phase change, a report, a follow-up set or
// moved) is one fact, whichever service it happens in: the acting service writes it here, in its
// own transaction, so it commits or rolls back with the action. It ends the planned follow-up and
// is the first action of the client's open attention episode.

const { attentionEpisodes, coachAttentionFigures, followUps } = schema;

/** The coach's action on a client: who, on whom, what and when (the service's clock). */
export type CoachAction = {
  organisationId: string;
  clientId: string;
  coachId: string;
  kind: ActingKind;
  at: Date;
};

/** What an action changed of the client's records. */
export type CoachActedResult = {
  /**
   * The open follow-up of the client with the coach ended ('acted'), or the action was the first
   * of the client's open attention episode: the list and the profile show either, so the caller
   * publishes a change of the client.
   */
  isClientChanged: boolean;
};

/**
 * Writes, in the acting transaction `tx`, what a coach's action on a client changes: the open
 * follow-up of the client with that coach ends as 'acted' (the coach checked in), unless the
 * action is the follow-up itself (set or moved: it stays open), and the client's open attention
 * episode gets its first action. Answers what changed, so the caller publishes a change of the
 * client to the coach's live streams (`publishClientChange`) when its own write does not already.
 */
export async function coachActed(tx: Transaction, action: CoachAction): Promise<CoachActedResult> {
  let followUpEnded = false;
  if (action.kind !== 'followUp') {
    const ended = await tx
      .update(followUps)
      .set({ endedAt: action.at, ending: 'acted', updatedAt: action.at })
      .where(
        and(
          eq(followUps.organisationId, action.organisationId),
          eq(followUps.clientPersonId, action.clientId),
          eq(followUps.coachPersonId, action.coachId),
          isNull(followUps.endedAt),
        ),
      )
      .returning({ id: followUps.id });
    followUpEnded = ended.length > 0;
  }
  const isFirstAction = await markFirstAction(tx, action);
  return { isClientChanged: followUpEnded || isFirstAction };
}

/**
 * Marks the action as the first of the client's open attention episode with the coach, if it has
 * none yet (every kind, a follow-up set or moved included), and asks for the coach's figures to
 * be brought up to date by the next sweep (`analytics/episodes/`).
 */
async function markFirstAction(tx: Transaction, action: CoachAction): Promise<boolean> {
  const marked = await tx
    .update(attentionEpisodes)
    .set({ firstActionAt: action.at, firstActionKind: action.kind })
    .where(
      and(
        eq(attentionEpisodes.clientPersonId, action.clientId),
        eq(attentionEpisodes.coachPersonId, action.coachId),
        isNull(attentionEpisodes.endedAt),
        isNull(attentionEpisodes.firstActionAt),
      ),
    )
    .returning({ id: attentionEpisodes.id });
  if (marked.length === 0) return false;
  await tx
    .update(coachAttentionFigures)
    .set({ isStale: true })
    .where(eq(coachAttentionFigures.coachPersonId, action.coachId));
  return true;
}
