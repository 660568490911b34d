import type { AttentionReason } from './needsAttention.ts';
import type { Indicator } from './values/surveyValues.ts';

// The one rule that words a reason of 'Needs attention' ('Mental 62% for 3 days', 'No app use for
// 31 h'): the clients list words it with the app's i18next, the morning mail with the texts below
// in the coach's language, which the app's tests tie to its resources word for word.

/** The texts a reason is worded with, by their key in the app's translation resource. */
export type AttentionTextKey =
  | 'clients.attention.lowIndicator'
  | 'clients.attention.lowIndicatorFor'
  | 'clients.attention.lowEngagement'
  | 'clients.attention.noAppUseFor'
  | 'clients.attention.noDataSince'
  | 'clients.attention.neverUsed'
  | 'clients.attention.unreadMessages'
  | `clients.columns.${Indicator}`;

/** Words a text by its key, i18next style (`count` picks the plural form). */
export type AttentionTranslate = (
  key: AttentionTextKey,
  values?: Record<string, string | number>,
) => string;

/** The number and date formats a reason needs. */
export type AttentionFormats = {
  /** 62 -> '62', 61.55 -> '61.6'. */
  number: (value: number) => string;
  /** Hours to 0.1: 3.24 -> '3.2'. */
  hours: (value: number) => string;
  /** An instant -> its weekday when within the last week ('Tuesday'), else its date ('Nov 2'). */
  dayOf: (instant: string) => string;
};

/**
 * One reason in words ('Mental 62% for 3 days', 'No app use for 31 h', 'No data since Tuesday'):
 * a row never says "needs attention" by colour alone. A low indicator says for how many of the
 * latest days it was low, or its value alone when the latest day was not low (or the count is
 * unknown). Up to two days of silence count in hours; longer ones name the day the data stopped.
 */
export function describeAttentionReason(
  reason: AttentionReason,
  t: AttentionTranslate,
  formats: AttentionFormats,
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
    case 'unreadMessages':
      return t('clients.attention.unreadMessages', { count: reason.count });
  }
}

/**
 * The en-US texts of the reasons, as the app's resource holds them (its test compares them key by
 * key), for what words them outside the app: the morning mail. Plural forms by i18next's suffixes.
 */
export const attentionTexts = {
  'clients.attention.lowIndicator': '{{indicator}} {{value}}%',
  'clients.attention.lowIndicatorFor_one': '{{indicator}} {{value}}% for {{count}} day',
  'clients.attention.lowIndicatorFor_other': '{{indicator}} {{value}}% for {{count}} days',
  'clients.attention.lowEngagement': '{{hours}} h of app use in 48 h',
  'clients.attention.noAppUseFor': 'No app use for {{hours}} h',
  'clients.attention.noDataSince': 'No data since {{day}}',
  'clients.attention.neverUsed': 'No app use yet',
  'clients.attention.unreadMessages_one': '{{count}} unread message',
  'clients.attention.unreadMessages_other': '{{count}} unread messages',
  'clients.columns.productivity': 'Productivity',
  'clients.columns.mental': 'Mental',
  'clients.columns.physical': 'Physical',
} as const;

/** The texts of the reasons in one language: the keys of {@link attentionTexts}, each worded. */
export type AttentionTexts = { readonly [Key in keyof typeof attentionTexts]: string };

/**
 * The Spanish (es) texts of the reasons, as the app's es resource words them, for the morning
 * mail of a coach who chose Spanish (Spanish plural forms other than 'one' take `_other`).
 */
export const spanishAttentionTexts: AttentionTexts = {
  'clients.attention.lowIndicator': '{{indicator}} {{value}}\u00a0%',
  'clients.attention.lowIndicatorFor_one': '{{indicator}} {{value}}\u00a0% durante {{count}} día',
  'clients.attention.lowIndicatorFor_other':
    '{{indicator}} {{value}}\u00a0% durante {{count}} días',
  'clients.attention.lowEngagement': '{{hours}} h de uso de la app en 48 h',
  'clients.attention.noAppUseFor': 'Sin uso de la app desde hace {{hours}} h',
  'clients.attention.noDataSince': 'Sin datos desde el {{day}}',
  'clients.attention.neverUsed': 'Todavía no ha usado la app',
  'clients.attention.unreadMessages_one': '{{count}} mensaje sin leer',
  'clients.attention.unreadMessages_other': '{{count}} mensajes sin leer',
  'clients.columns.productivity': 'Productividad',
  'clients.columns.mental': 'Mental',
  'clients.columns.physical': 'Físico',
};

/**
 * {@link AttentionTranslate} over the texts of one language, the plural form picked by the
 * locale's rules (`Intl.PluralRules`; a form the texts lack falls back to `_other`).
 */
export function createAttentionTranslate(
  texts: AttentionTexts,
  locale: string,
): AttentionTranslate {
  const pluralRules = new Intl.PluralRules(locale);
  const byKey: Record<string, string> = texts;
  return (key, values = {}) => {
    const count = values.count;
    const form = typeof count === 'number' ? pluralRules.select(count) : null;
    const template =
      (form === null ? undefined : (byKey[`${key}_${form}`] ?? byKey[`${key}_other`])) ??
      byKey[key] ??
      key;
    return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}

/** {@link AttentionTranslate} over {@link attentionTexts} (English plural rules: 1 is 'one'). */
export const translateAttentionInEnglish: AttentionTranslate = createAttentionTranslate(
  attentionTexts,
  'en-US',
);

const dayMs = 24 * 3_600_000;

/**
 * The formats of reasons in a locale, relative to `now` (the instant the figures describe), with
 * dates in `timeZone` (the device's when absent: the app; the coach's: the mail).
 */
export function createAttentionFormats(
  locale: string,
  now: Date,
  timeZone?: string,
): AttentionFormats {
  const zone = timeZone ? { timeZone } : {};
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const hoursFormat = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const shortDate = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', ...zone });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', ...zone });
  return {
    number: (value) => oneDecimal.format(value),
    hours: (value) => hoursFormat.format(value),
    dayOf(instant) {
      const date = new Date(instant);
      return now.getTime() - date.getTime() < 6 * dayMs
        ? weekday.format(date)
        : shortDate.format(date);
    },
  };
}
