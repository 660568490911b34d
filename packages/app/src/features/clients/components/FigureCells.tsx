import { Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { CompletionCount } from '@coach/api';
import { engagementFullHours, type JourneyStep, laggingLimitPercent } from '@coach/domain';
import { Meter } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import type { ClientRow } from '../../../core/clientList/index.ts';

type FormatsProps = { formats: ClientFormats };

/** The journey: current phase, its day and start date, and when the journey (learn) began. */
export function PhaseCell({ row, formats }: FormatsProps & { row: ClientRow }) {
  const { t } = useTranslation();
  const { journey } = row;
  const phaseDay = t('clients.phaseDay', {
    day: journey.currentDay,
    date: formats.localDate(journey.startDate),
  });
  const journeySince = t('clients.journeySince', {
    date: formats.localDate(journey.journeyStartDate),
  });
  return (
    <Stack gap="0.5">
      <Text fontWeight="medium">{t(`clients.phases.${journey.step}`)}</Text>
      {/* One line each, cut in a narrow column: the whole of it on hover and for screen readers. */}
      <Text textStyle="xs" color="fg.muted" truncate title={phaseDay}>
        {phaseDay}
      </Text>
      <Text textStyle="xs" color="fg.muted" truncate title={journeySince}>
        {journeySince}
      </Text>
    </Stack>
  );
}

/**
 * Hours of app use in 48 h on a bar full at 10 h, the hours of the last 24 h, and when the app
 * was last used.
 */
export function EngagementCell({ row, formats }: FormatsProps & { row: ClientRow }) {
  const { t } = useTranslation();
  const { hours, hoursLast24h, lastConnectedAt } = row.engagement;
  // One line each, cut in a narrow column: the whole of it on hover and for screen readers.
  const last24h = t('clients.hoursLast24h', { hours: formats.hours(hoursLast24h) });
  const lastUsed =
    lastConnectedAt === null
      ? t('clients.neverConnected')
      : t('clients.lastConnected', { when: formats.ago(lastConnectedAt) });
  return (
    <Stack gap="1">
      <Meter
        value={hours}
        max={engagementFullHours}
        label={t('clients.columns.engagement')}
        valueText={t('clients.hours', { hours: formats.hours(hours) })}
        size="sm"
      />
      <Text textStyle="xs" color="fg.muted" truncate title={last24h}>
        {last24h}
      </Text>
      <Text textStyle="xs" color="fg.muted" truncate title={lastUsed}>
        {lastUsed}
      </Text>
    </Stack>
  );
}

export type IndicatorMeterProps = FormatsProps & {
  value: number | null;
  label: string;
  /**
   * The phase of the average when it is not the current one (grow shows sense's: it has no
   * reflection windows): labelled with that phase, without the 70 % line or the lagging word.
   */
  previousPhase?: JourneyStep | null;
};

/**
 * An indicator average on a bar with the 70 % line; lagging is said in words under it too. A
 * previous phase's average is labelled with its phase and never flagged: it can no longer change.
 */
export function IndicatorMeter({
  value,
  label,
  previousPhase = null,
  formats,
}: IndicatorMeterProps) {
  const { t } = useTranslation();
  if (previousPhase !== null) {
    const phase = t(`clients.phases.${previousPhase}`);
    const basis = t('clients.previousAverage', { phase });
    return (
      <Stack gap="1">
        <Meter
          value={value}
          label={`${label}, ${basis}`}
          valueText={
            value === null ? undefined : t('clients.percent', { value: formats.number(value) })
          }
          emptyText={t('clients.noFigures')}
          size="sm"
        />
        <Text textStyle="xs" color="fg.muted" aria-hidden>
          {basis}
        </Text>
      </Stack>
    );
  }
  const isLagging = value !== null && value < laggingLimitPercent;
  return (
    <Stack gap="1">
      <Meter
        value={value}
        threshold={laggingLimitPercent}
        label={label}
        valueText={
          value === null ? undefined : t('clients.percent', { value: formats.number(value) })
        }
        laggingText={t('clients.lagging')}
        emptyText={t('clients.noFigures')}
        size="sm"
      />
      {isLagging ? (
        // The meter's accessible value already says it; this is for the eye.
        <Text textStyle="xs" fontWeight="medium" color="lagging.fg" aria-hidden>
          {t('clients.lagging')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** completed / scheduled in the current phase. */
export function CompletionCell({ count }: { count: CompletionCount }) {
  const { t } = useTranslation();
  return (
    <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
      <span aria-hidden>{t('clients.completion', count)}</span>
      <VisuallyHidden>{t('clients.completionLabel', count)}</VisuallyHidden>
    </Text>
  );
}
