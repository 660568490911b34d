import { chakra, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { Exercise } from '@coach/api';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { EffectBadge } from '../shared/EffectBadge.tsx';
import { EmptyNote } from '../shared/EmptyNote.tsx';
import { ProfileSection } from '../shared/ProfileSection.tsx';
import { createProfileFormats } from '../shared/profileFormats.ts';
import { ExerciseDetail } from './ExerciseDetail.tsx';
import { exercisesAtoms } from './exercisesAtoms.ts';

export type ExercisesSectionProps = { clientId: string; timeZone: string | null };

/** The client's exercises, newest first; each opens its detail. */
export function ExercisesSection({ clientId, timeZone }: ExercisesSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formats = useMemo(() => createProfileFormats(locale), [locale]);
  const [opened, setOpened] = useState<Exercise | null>(null);
  return (
    <ProfileSection
      title={t('profile.exercises.title')}
      resource={exercisesAtoms}
      clientId={clientId}
      failedText={t('profile.failed.exercise')}
    >
      {({ exercises: list }) =>
        list.length === 0 ? (
          <EmptyNote>{t('profile.exercises.empty')}</EmptyNote>
        ) : (
          <>
            <List.Root
              listStyle="none"
              maxHeight="24rem"
              overflowY="auto"
              tabIndex={0}
              aria-label={t('profile.exercises.title')}
            >
              {list.map((exercise) => {
                const goal = t(`profile.goals.${exercise.goal}`);
                const date = formats.fullDate(exercise.localDate);
                return (
                  <List.Item key={exercise.id} borderBottomWidth="1px" borderColor="border">
                    <chakra.button
                      type="button"
                      width="full"
                      textAlign="start"
                      paddingBlock="2"
                      paddingInline="1"
                      cursor="pointer"
                      _hover={{ bg: 'bg.subtle' }}
                      focusVisibleRing="inside"
                      onClick={() => setOpened(exercise)}
                    >
                      <HStack gap="3" justify="space-between">
                        <Stack gap="0.5" minWidth="0">
                          <Text fontWeight="medium">
                            {t('profile.exercises.detailTitle', { goal })}
                          </Text>
                          <Text textStyle="xs" color="fg.muted">
                            {date}
                            {exercise.bpm === null
                              ? ''
                              : ` · ${t('profile.exercises.bpmValue', { bpm: exercise.bpm })}`}
                          </Text>
                        </Stack>
                        <EffectBadge effect={exercise.effect} />
                      </HStack>
                    </chakra.button>
                  </List.Item>
                );
              })}
            </List.Root>
            <ExerciseDetail
              exercise={opened}
              timeZone={timeZone}
              formats={formats}
              onClose={() => setOpened(null)}
            />
          </>
        )
      }
    </ProfileSection>
  );
}
