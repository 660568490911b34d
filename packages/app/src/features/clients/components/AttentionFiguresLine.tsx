import { Text } from '@chakra-ui/react';
import type { AttentionFigures } from '@coach/api';
import { useTranslation } from 'react-i18next';
import { describeAttentionFigures } from '../attentionFiguresWords.ts';

export type AttentionFiguresLineProps = { figures: AttentionFigures };

/**
 * Whether reaching out helped, for the coach: over the last 30 days, how many times a client
 * needed attention, the median time to the coach's first action, and how many stretches ended
 * within a week of an action against how many ended without one; with none, a plain sentence.
 * The figures come with the list (one call), as the server's sweep kept them.
 */
export function AttentionFiguresLine({ figures }: AttentionFiguresLineProps) {
  const { t } = useTranslation();
  const isPlain = figures.episodes === 0;
  return (
    <Text as="p" textStyle="sm" color="fg.muted" data-testid="attention-figures">
      {isPlain ? null : (
        <>
          <Text as="span" fontWeight="semibold" color="fg">
            {t('clients.attentionFigures.label', { days: figures.days })}:
          </Text>{' '}
        </>
      )}
      {describeAttentionFigures(figures, t)}
    </Text>
  );
}
