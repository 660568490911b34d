import { DataList, Stack } from '@chakra-ui/react';
import type { Exercise } from '@coach/api';
import { Button, Modal } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { EffectBadge } from '../shared/EffectBadge.tsx';
import type { ProfileFormats } from '../shared/profileFormats.ts';
import { ExerciseMeasuresTable } from './ExerciseMeasuresTable.tsx';

export type ExerciseDetailProps = {
  exercise: Exercise | null;
  timeZone: string | null;
  formats: ProfileFormats;
  onClose: () => void;
};

/**
 * One exercise in a modal: goal and result, type, step goal, BPM, when, the effect level in words
 * and colour, and the measures before and after.
 */
export function ExerciseDetail({ exercise, timeZone, formats, onClose }: ExerciseDetailProps) {
  const { t } = useTranslation();
  const goal = exercise ? t(`profile.goals.${exercise.goal}`) : '';
  return (
    <Modal
      isOpen={exercise !== null}
      onClose={onClose}
      title={t('profile.exercises.detailTitle', { goal })}
      closeLabel={t('profile.exercises.close')}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('profile.exercises.close')}
        </Button>
      }
    >
      {exercise ? (
        <Stack gap="5">
          <DataList.Root orientation="horizontal" size="sm">
            <Item label={t('profile.exercises.type')} value={goal} />
            <Item
              label={t('profile.exercises.result')}
              value={exercise.result || t('profile.exercises.noResult')}
            />
            <Item
              label={t('profile.exercises.stepGoal')}
              value={
                exercise.stepGoal
                  ? t(`profile.stepGoals.${exercise.stepGoal}`)
                  : t('profile.exercises.none')
              }
            />
            <Item
              label={t('profile.exercises.bpm')}
              value={
                exercise.bpm === null
                  ? t('profile.exercises.none')
                  : t('profile.exercises.bpmValue', { bpm: exercise.bpm })
              }
            />
            <Item
              label={t('profile.exercises.when')}
              value={
                timeZone
                  ? formats.clientDateTime(exercise.completedAt, timeZone)
                  : formats.fullDate(exercise.localDate)
              }
            />
            <Item
              label={t('profile.exercises.effect')}
              value={<EffectBadge effect={exercise.effect} />}
            />
          </DataList.Root>
          <ExerciseMeasuresTable exercise={exercise} formats={formats} />
        </Stack>
      ) : null}
    </Modal>
  );
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minWidth="8rem">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
