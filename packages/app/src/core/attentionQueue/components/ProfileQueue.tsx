import { useShortcutHandlers } from '../../shortcuts/index.ts';
import { useQueueWalk } from '../useQueueWalk.ts';
import { QueueBar } from './QueueBar.tsx';

export type ProfileQueueProps = { clientId: string };

/**
 * The attention queue on a client's profile opened from it (`?queue=1`): its bar, and its keys
 * from anywhere on the profile, the composer included (Alt+J next, Alt+K previous, Alt+R
 * reviewed for today, which opens the next client). Nothing outside the queue.
 */
export function ProfileQueue({ clientId }: ProfileQueueProps) {
  const walk = useQueueWalk(clientId);
  useShortcutHandlers(
    walk.queue.isWalking
      ? {
          nextInQueue: walk.next,
          previousInQueue: walk.previous,
          markReviewed: () => {
            if (!walk.isSaving) void walk.setReviewed(!walk.isReviewed);
          },
        }
      : {},
  );
  return <QueueBar walk={walk} />;
}
