import { Heading, Stack, Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuRefreshCw } from 'react-icons/lu';

export type ScreenLoadErrorProps = {
  /** Whether the load timed out (rather than failed). */
  isTimeout: boolean;
  onRetry: () => void;
};

/** Shown instead of a screen whose code could not load: what happened, and a retry. */
export function ScreenLoadError({ isTimeout, onRetry }: ScreenLoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Stack role="alert" gap="4" align="flex-start" paddingBlock="8">
      <Heading as="h1" fontSize="2xl" fontWeight="semibold">
        {t(isTimeout ? 'lazyScreen.timedOut' : 'lazyScreen.failed')}
      </Heading>
      <Text color="fg.muted">{t('lazyScreen.hint')}</Text>
      <Button icon={<LuRefreshCw aria-hidden />} onClick={onRetry}>
        {t('lazyScreen.retry')}
      </Button>
    </Stack>
  );
}
