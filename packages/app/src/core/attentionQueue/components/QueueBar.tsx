import { chakra, HStack, Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuChevronDown, LuChevronUp } from 'react-icons/lu';
import { Link } from 'react-router';
import { shortcutLabel } from '../../shortcuts/index.ts';
import type { QueueWalk } from '../useQueueWalk.ts';

const RouterLink = chakra(Link);

export type QueueBarProps = { walk: QueueWalk };

/**
 * The attention queue above a client's profile: where the coach is ('3 of 11'), the client's
 * 'Reviewed for today' mark, the previous and next clients of the queue (each with its key in
 * its title and `aria-keyshortcuts`), and the way back to the list with its view.
 */
export function QueueBar({ walk }: QueueBarProps) {
  const { t } = useTranslation();
  const { queue, isReviewed, clientName } = walk;
  const { place } = queue;
  if (!queue.isWalking) return null;
  const where =
    place === null
      ? t('app.loading')
      : place.position > 0
        ? t('queue.position', { position: place.position, total: place.total })
        : t('queue.left', { count: place.total });
  return (
    <HStack
      as="nav"
      aria-label={t('queue.label')}
      gap="2"
      wrap="wrap"
      justify="space-between"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      paddingInline="3"
      paddingBlock="1"
      // In view as the page scrolls (under 1,024 px the panel's composer is further down): the
      // coach always sees whom they are writing to and where they are in the queue.
      position="sticky"
      top="0"
      zIndex="docked"
      background="bg"
    >
      <HStack gap="2" minWidth="0">
        <Text fontWeight="semibold" whiteSpace="nowrap">
          {t('queue.label')}
        </Text>
        <Text color="fg.muted" aria-live="polite" whiteSpace="nowrap" data-queue-place>
          {where}
        </Text>
        {clientName === null ? null : (
          <Text fontWeight="medium" truncate dir="auto" hideFrom="lg" data-queue-client>
            {clientName}
          </Text>
        )}
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant={isReviewed ? 'secondary' : 'primary'}
          icon={<LuCheck aria-hidden />}
          aria-pressed={isReviewed}
          aria-keyshortcuts="Alt+R"
          title={shortcutLabel('markReviewed', t)}
          isLoading={walk.isSaving}
          onClick={() => walk.setReviewed(!isReviewed)}
        >
          {t('queue.reviewedForToday')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<LuChevronUp aria-hidden />}
          aria-keyshortcuts="Alt+K"
          title={shortcutLabel('previousInQueue', t)}
          disabled={!place?.previousId}
          onClick={walk.previous}
        >
          {t('queue.previous')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<LuChevronDown aria-hidden />}
          aria-keyshortcuts="Alt+J"
          title={shortcutLabel('nextInQueue', t)}
          disabled={!place?.nextId}
          onClick={walk.next}
        >
          {t('queue.next')}
        </Button>
        <RouterLink to={queue.listHref} color="fg.muted" textStyle="sm" textDecoration="underline">
          {t('queue.backToList')}
        </RouterLink>
      </HStack>
    </HStack>
  );
}
