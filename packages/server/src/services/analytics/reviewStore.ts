import type { ClientReview } from '@coach/domain';
import { and, eq, ne } from 'drizzle-orm';
import { schema, type Transaction } from '../../db/index.ts';

// The coach's reviews of a client ('reviewed for today', decision 94): one row per client, coach
// and the coach's day. Only today's is ever answered, so a mark removes the pair's earlier days:
// the table holds at most one row a pair, and the audit log keeps the history.

const { clientReviews } = schema;

/** Whose review: the client and their coach (person ids) of one organisation. */
export type ReviewOwner = { organisationId: string; clientId: string; coachId: string };

const ofPair = (owner: ReviewOwner) =>
  and(
    eq(clientReviews.organisationId, owner.organisationId),
    eq(clientReviews.clientPersonId, owner.clientId),
    eq(clientReviews.coachPersonId, owner.coachId),
  );

/** Stores `review` as the pair's review of its day (replacing that day's), and drops earlier days'. */
export async function storeReview(
  tx: Transaction,
  owner: ReviewOwner,
  review: ClientReview,
): Promise<void> {
  await tx.delete(clientReviews).where(and(ofPair(owner), ne(clientReviews.day, review.day)));
  const values = {
    reviewedAt: new Date(review.reviewedAt),
    flags: review.flags,
    unreadMessages: review.unreadMessages,
  };
  await tx
    .insert(clientReviews)
    .values({
      organisationId: owner.organisationId,
      clientPersonId: owner.clientId,
      coachPersonId: owner.coachId,
      day: review.day,
      ...values,
    })
    .onConflictDoUpdate({
      target: [clientReviews.clientPersonId, clientReviews.coachPersonId, clientReviews.day],
      set: values,
    });
}

/** Deletes the pair's review of `day`; answers whether there was one. */
export async function deleteReview(
  tx: Transaction,
  owner: ReviewOwner,
  day: string,
): Promise<boolean> {
  const deleted = await tx
    .delete(clientReviews)
    .where(and(ofPair(owner), eq(clientReviews.day, day)))
    .returning({ day: clientReviews.day });
  return deleted.length > 0;
}
