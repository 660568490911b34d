import { Box, Heading, HStack, Stack } from '@chakra-ui/react';
import { LoadingPlaceholder } from '@coach/ui';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loadable } from '../../../state/loadable.ts';
import { SectionFailed } from './SectionFailed.tsx';

export type ProfileSectionProps<T> = {
  title: string;
  state: Loadable<T>;
  /** The spec's processing error of this section ('Error processing exercise'...). */
  failedText: string;
  onRetry: () => void;
  /** Controls beside the title (a filter). */
  actions?: ReactNode;
  children: (data: T) => ReactNode;
};

/** One section of the profile: a titled region that loads and fails on its own. */
export function ProfileSection<T>({
  title,
  state,
  failedText,
  onRetry,
  actions,
  children,
}: ProfileSectionProps<T>) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      aria-busy={state.state === 'loading' || undefined}
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      padding="5"
      minWidth="0"
    >
      <Stack gap="4">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" id={headingId} fontSize="lg" fontWeight="semibold">
            {title}
          </Heading>
          {state.state === 'hasData' ? actions : null}
        </HStack>
        {state.state === 'loading' ? (
          <LoadingPlaceholder label={t('profile.loading', { section: title })} lines={3} />
        ) : state.state === 'hasError' ? (
          <SectionFailed message={failedText} error={state.error} onRetry={onRetry} />
        ) : (
          children(state.data)
        )}
      </Stack>
    </Box>
  );
}
