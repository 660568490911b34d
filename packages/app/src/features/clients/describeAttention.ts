import type { AttentionReason } from '@coach/domain';
import type { TFunction } from 'i18next';
import type { ClientFormats } from './clientFormats.ts';

/**
 * One reason in words ('Mental 62% for 3 days', 'No app use for 31 h', 'No data since Tuesday'):
 * a row never says "needs attention" by colour alone. A low indicator says for how many of the
 * latest days it was low, or its value alone when the latest day was not low (or the count is
 * unknown). Up to two days of silence count in hours; longer ones name the day the data stopped.
 */
export function describeAttentionReason(
  reason: AttentionReason,
  t: TFunction,
  formats: ClientFormats,
): string {
  switch (reason.kind) {
    case 'lowIndicator': {
      const words = {
        indicator: t(`clients.columns.${reason.indicator}`),
        value: formats.number(reason.value),
      };
      return reason.days > 0
        ? t('clients.attention.lowIndicatorFor', { ...words, count: reason.days })
        : t('clients.attention.lowIndicator', words);
    }
    case 'lowEngagement':
      return t('clients.attention.lowEngagement', { hours: formats.hours(reason.hours) });
    case 'noData':
      if (reason.lastConnectedAt === null || reason.hoursSilent === null) {
        return t('clients.attention.neverUsed');
      }
      return reason.hoursSilent < 48
        ? t('clients.attention.noAppUseFor', { hours: reason.hoursSilent })
        : t('clients.attention.noDataSince', { day: formats.dayOf(reason.lastConnectedAt) });
  }
}
