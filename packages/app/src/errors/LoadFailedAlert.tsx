import { Stack, Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { describeCallFailure } from './callFailure.ts';
import { useRetryWhenOnline } from './useRetryWhenOnline.ts';

export type LoadFailedAlertProps = {
  /** The screen's own text for a failure ('Error processing users'...). */
  message: string;
  /** What the load threw: a server that could not be reached says so after `message`. */
  error?: unknown;
  onRetry: () => void;
  size?: 'sm' | 'md';
  /**
   * Whether the browser coming back online retries on its own (default). Off for a second alert
   * of the same load, which would otherwise ask twice.
   */
  isRetriedWhenOnline?: boolean;
};

/**
 * A failed load, in place of what it would have shown: the screen's own text, then (when so) that
 * the server could not be reached, and a retry, never a blank. It also retries on its own when
 * the browser comes back online.
 */
export function LoadFailedAlert({
  message,
  error,
  onRetry,
  size = 'md',
  isRetriedWhenOnline = true,
}: LoadFailedAlertProps) {
  const { t } = useTranslation();
  useRetryWhenOnline(onRetry, isRetriedWhenOnline);
  return (
    <Stack gap={size === 'sm' ? '2' : '3'} align="flex-start" role="alert">
      <Text color="error.fg" fontWeight="medium">
        {describeCallFailure(error, t, message)}
      </Text>
      <Button variant="secondary" size={size === 'sm' ? 'sm' : undefined} onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Stack>
  );
}
