import { Group } from '@chakra-ui/react';
import { type ActivityKind, activityKindNames } from '@coach/domain';
import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';

/** All kinds, or one. */
export type ActivityFilter = ActivityKind | 'all';

export type ActivityKindFilterProps = {
  value: ActivityFilter;
  onChange: (value: ActivityFilter) => void;
};

/** All, Assessments, Reflections, Exercises: toggle buttons, the chosen one pressed. */
export function ActivityKindFilter({ value, onChange }: ActivityKindFilterProps) {
  const { t } = useTranslation();
  const choices: { value: ActivityFilter; label: string }[] = [
    { value: 'all', label: t('profile.activity.all') },
    ...activityKindNames.map((kind) => ({
      value: kind,
      label: t(`profile.activity.kinds.${kind}`),
    })),
  ];
  return (
    <Group attached role="group" aria-label={t('profile.activity.filter')}>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          size="xs"
          variant={choice.value === value ? 'primary' : 'secondary'}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}
