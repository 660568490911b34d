import { Box, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ClientProfileSummary } from '@coach/api';
import { journeyStepNames } from '@coach/domain';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import type { ProfileFormats } from '../shared/profileFormats.ts';

export type JourneyProgressProps = {
  /** The summary's journey: the header needs no call of its own (the journey's is the phase change's). */
  journey: ClientProfileSummary['journey'];
  formats: ProfileFormats;
};

/** Learn, Sense, Grow with the current step marked, its day, the phase's and journey's starts. */
export function JourneyProgress({ journey, formats }: JourneyProgressProps) {
  const { t } = useTranslation();
  const currentIndex = journeyStepNames.indexOf(journey.step);
  return (
    <Stack gap="2">
      <HStack
        as="ol"
        gap="1"
        align="stretch"
        listStyle="none"
        margin="0"
        padding="0"
        aria-label={t('profile.journey.steps')}
      >
        {journeyStepNames.map((step, index) => {
          const isCurrent = index === currentIndex;
          const isDone = index < currentIndex;
          const phase = t(`profile.phases.${step}`);
          return (
            <Box
              as="li"
              key={step}
              flex="1"
              aria-current={isCurrent ? 'step' : undefined}
              data-state={isCurrent ? 'current' : isDone ? 'done' : 'planned'}
            >
              <Stack gap="1">
                <Stack
                  height="1.5"
                  rounded="full"
                  bg={isCurrent || isDone ? 'accent' : 'bg.muted'}
                />
                <HStack gap="1" textStyle="sm" fontWeight={isCurrent ? 'semibold' : 'normal'}>
                  {isDone ? <LuCheck aria-hidden /> : null}
                  <Text as="span" color={isCurrent ? 'fg' : 'fg.muted'}>
                    {phase}
                  </Text>
                  <VisuallyHidden>
                    {isCurrent
                      ? t('profile.journey.current')
                      : isDone
                        ? t('profile.journey.done')
                        : t('profile.journey.planned')}
                  </VisuallyHidden>
                </HStack>
              </Stack>
            </Box>
          );
        })}
      </HStack>
      <Text textStyle="sm">
        {t('profile.journey.day', {
          day: journey.currentDay,
          phase: t(`profile.phases.${journey.step}`),
        })}
      </Text>
      <Text textStyle="sm" color="fg.muted">
        {t('profile.journey.phaseSince', { date: formats.fullDate(journey.startDate) })}
      </Text>
      <Text textStyle="sm" color="fg.muted">
        {t('profile.journey.journeySince', { date: formats.fullDate(journey.journeyStartDate) })}
      </Text>
    </Stack>
  );
}
