import { Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { CompletionCount } from '@coach/api';
import { engagementFullHours, type JourneyStep, laggingLimitPercent } from '@coach/domain';
import { Meter } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import type { ClientRow } from '../../../core/clientList/index.ts';
import { engagementTexts, oneLine, phaseTexts } from '../rowTexts.ts';

type FormatsProps = { formats: ClientFormats };

/** A cell's second line: its texts in one line, cut with an ellipsis, whole on hover. */
function DetailLine({ texts }: { texts: readonly string[] }) {
  const text = oneLine(texts);
  return (
    <Text textStyle="xs" color="fg.muted" truncate title={text}>
      {text}
    </Text>
  );
}

/**
 * The journey on two lines: the current phase, then its day and start date and when the journey
 * (learn) began.
 */
export function PhaseCell({ row, formats }: FormatsProps & { row: ClientRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap="0">
      <Text fontWeight="medium" truncate>
        {t(`clients.phases.${row.journey.step}`)}
      </Text>
      <DetailLine texts={phaseTexts(row, t, formats)} />
    </Stack>
  );
}

/**
 * Hours of app use in 48 h on a bar full at 10 h, then the hours of the last 24 h and when the app
 * was last used.
 */
export function EngagementCell({ row, formats }: FormatsProps & { row: ClientRow }) {
  const { t } = useTranslation();
  const { hours } = row.engagement;
  return (
    <Stack gap="1">
      <Meter
        value={hours}
        max={engagementFullHours}
        label={t('clients.columns.engagement')}
        valueText={t('clients.hours', { hours: formats.hours(hours) })}
        size="sm"
      />
      <DetailLine texts={engagementTexts(row, t, formats)} />
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
        <Text textStyle="xs" color="fg.muted" truncate title={basis} aria-hidden>
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
