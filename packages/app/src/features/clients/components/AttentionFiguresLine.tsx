import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai.ts';
import { attentionFiguresLoadableAtom } from '../atoms/attentionFiguresAtom.ts';
import { describeAttentionFigures } from '../attentionFiguresWords.ts';

/**
 * Whether reaching out helped, for the coach: over the last 30 days, how many times a client
 * needed attention, the median time to the coach's first action, and how many stretches ended
 * within a week of an action against how many ended without one. Loads on its own beside the
 * list: nothing shows until it has, a failure says so quietly.
 */
export function AttentionFiguresLine() {
  const { t } = useTranslation();
  const figures = useAtomValue(attentionFiguresLoadableAtom);
  if (figures.state === 'loading') return null;
  const days = figures.state === 'hasData' ? figures.data.days : 30;
  const isPlain = figures.state === 'hasData' && figures.data.episodes === 0;
  return (
    <Text
      as="p"
      textStyle="sm"
      color="fg.muted"
      marginBlockEnd="4"
      data-testid="attention-figures"
      aria-live="polite"
    >
      {isPlain ? null : (
        <>
          <Text as="span" fontWeight="semibold" color="fg">
            {t('clients.attentionFigures.label', { days })}:
          </Text>{' '}
        </>
      )}
      {figures.state === 'hasData'
        ? describeAttentionFigures(figures.data, t)
        : t('clients.attentionFigures.failed')}
    </Text>
  );
}
