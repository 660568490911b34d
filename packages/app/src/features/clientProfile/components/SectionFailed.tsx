import { Stack, Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';

export type SectionFailedProps = { message: string; onRetry: () => void };

/** A section's generic processing error (spec point 8) with a retry; the rest stays usable. */
export function SectionFailed({ message, onRetry }: SectionFailedProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" align="flex-start" role="alert">
      <Text color="error.fg" fontWeight="medium">
        {message}
      </Text>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('profile.retry')}
      </Button>
    </Stack>
  );
}
