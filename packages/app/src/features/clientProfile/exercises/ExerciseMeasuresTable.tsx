import { Table } from '@chakra-ui/react';
import type { Exercise } from '@coach/api';
import { useTranslation } from 'react-i18next';
import type { ProfileFormats } from '../shared/profileFormats.ts';

type MeasureName = keyof Exercise['before'];

const unitKeys = {
  hrv1: 'profile.exercises.ms',
  hrv2: 'profile.exercises.ms',
  pulseRate: 'profile.exercises.bPerMin',
  respiratoryRate: 'profile.exercises.breathsPerMin',
} as const satisfies Record<MeasureName, string>;

const measureNames = Object.keys(unitKeys) as MeasureName[];

export type ExerciseMeasuresTableProps = { exercise: Exercise; formats: ProfileFormats };

/** HRV-1 and HRV-2 (ms), pulse rate (b/min) and respiratory rate before and after. */
export function ExerciseMeasuresTable({ exercise, formats }: ExerciseMeasuresTableProps) {
  const { t } = useTranslation();
  const cell = (name: MeasureName, value: number | null) =>
    value === null
      ? t('profile.exercises.notTaken')
      : t(unitKeys[name], { value: formats.measure(value) });
  return (
    <Table.Root size="sm" variant="outline">
      <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" color="fg">
        {t('profile.exercises.measures')}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader scope="col">{t('profile.exercises.measure')}</Table.ColumnHeader>
          <Table.ColumnHeader scope="col">{t('profile.exercises.before')}</Table.ColumnHeader>
          <Table.ColumnHeader scope="col">{t('profile.exercises.after')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {measureNames.map((name) => (
          <Table.Row key={name} data-measure={name}>
            <Table.Cell as="th" scope="row" fontWeight="medium">
              {t(`profile.exercises.${name}`)}
            </Table.Cell>
            <Table.Cell>{cell(name, exercise.before[name])}</Table.Cell>
            <Table.Cell>{cell(name, exercise.after[name])}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
