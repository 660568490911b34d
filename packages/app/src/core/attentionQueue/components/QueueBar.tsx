import { HStack, Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuChevronDown, LuChevronUp } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import type { QueueWalk } from '../useQueueWalk.ts';

export type QueueBarProps = { walk: QueueWalk };

/**
 * The attention queue above a client's profile: where the coach is ('3 of 11'), the previous
 * and next clients of the queue, and the client's 'Reviewed for today' mark; each with its key.
 */
export function QueueBar({ walk }: QueueBarProps) {
  const { t } = useTranslation();
  const { queue, isReviewed } = walk;
  const { place } = queue;
  if (!queue.isWalking) return null;
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
      paddingX="3"
      paddingY="1.5"
      data-testid="attention-queue"
    >
      <HStack gap="2">
        <Text fontWeight="semibold">{t('queue.label')}</Text>
        <Text color="fg.muted" aria-live="polite">
          {place && place.position > 0
            ? t('queue.position', { position: place.position, total: place.total })
            : place
              ? t('queue.left', { count: place.total })
              : t('app.loading')}
        </Text>
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant={isReviewed ? 'secondary' : 'primary'}
          icon={<LuCheck aria-hidden />}
          aria-pressed={isReviewed}
          aria-keyshortcuts="Alt+R"
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
          disabled={!place?.nextId}
          onClick={walk.next}
        >
          {t('queue.next')}
        </Button>
        <RouterLink to={queue.listHref}>{t('queue.backToList')}</RouterLink>
      </HStack>
    </HStack>
  );
}
