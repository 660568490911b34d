import { toast } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isQueued } from './queueStops.ts';
import { type AttentionQueue, useAttentionQueue } from './useAttentionQueue.ts';
import { useReviewForToday } from './useReviewForToday.ts';

/** The queue on a client's profile: its place, the client's review, and the moves its keys make. */
export type QueueWalk = {
  queue: AttentionQueue;
  /** Whether the client on screen is reviewed for today (and nothing flagged them since). */
  isReviewed: boolean;
  /** The client's name as the list has it; null until the list has loaded. */
  clientName: string | null;
  isSaving: boolean;
  /** Marks the client reviewed for today and opens the next one, or takes the mark back. */
  setReviewed: (isReviewed: boolean) => Promise<void>;
  next: () => void;
  previous: () => void;
};

/**
 * Walking the attention queue from a client's profile: a review takes the client out of the
 * queue and opens the next client (the last one done, the list with 'Queue cleared'); 'next'
 * and 'previous' move along the queue without going back to the list.
 */
export function useQueueWalk(clientId: string): QueueWalk {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queue = useAttentionQueue(clientId);
  const review = useReviewForToday(clientId);
  const row = queue.rows?.find((each) => each.clientId === clientId);
  const isReviewed = row !== undefined && (row.review ?? null) !== null && !isQueued(row);

  const next = () => {
    const nextId = queue.place?.nextId;
    if (nextId) {
      queue.open(nextId);
      return;
    }
    toast.info(t('queue.cleared'));
    navigate(queue.listHref);
  };

  return {
    queue,
    isReviewed,
    clientName: row?.fullName ?? null,
    isSaving: review.isSaving,
    setReviewed: async (isNowReviewed) => {
      if (!(await review.change(isNowReviewed)) || !isNowReviewed) return;
      next();
    },
    next,
    previous: () => {
      const previousId = queue.place?.previousId;
      if (previousId) queue.open(previousId);
    },
  };
}
