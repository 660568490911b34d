import type { ActivityItem } from '@coach/api';
import { type ExerciseGoal, exerciseGoalNames } from '@coach/domain';
import { useTranslation } from 'react-i18next';

const isExerciseGoal = (value: string): value is ExerciseGoal =>
  (exerciseGoalNames as readonly string[]).includes(value);

/**
 * What an activity was, in words: an assessment's name, a reflection's type ('Morning
 * reflection'), an exercise's goal ('Calm exercise').
 */
export function useActivityTitle(item: ActivityItem): string {
  const { t } = useTranslation();
  if (item.kind === 'reflection') {
    return item.title === 'morningReflection'
      ? t('profile.reflectionTypes.morningReflection')
      : t('profile.reflectionTypes.reflection');
  }
  if (item.kind === 'exercise' && isExerciseGoal(item.title)) {
    return t('profile.exercises.detailTitle', { goal: t(`profile.goals.${item.title}`) });
  }
  return item.title;
}
