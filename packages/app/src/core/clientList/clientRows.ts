import type { ClientSummary, ClientSummaryList, CompletionCount } from '@coach/api';
import {
  type Attention,
  attentionOf,
  compareAttention,
  fullName,
  type Indicator,
  journeyStepNames,
} from '@coach/domain';
import { deviceUtcOffsetMinutes, isDifferentTimezone } from '../clientFormats/index.ts';

/**
 * A row of the clients table: the server's figures (with the client's unread messages), the
 * needs-attention verdict on them, and the 'different timezone' flag at the list's instant.
 */
export type ClientRow = ClientSummary & {
  fullName: string;
  attention: Attention;
  differentTimezone: boolean;
};

/** The indicator columns, in table order. */
export const indicatorColumns = [
  'productivity',
  'mental',
  'physical',
] as const satisfies Indicator[];

/** The completion columns, in table order. */
export const completionColumns = ['exercises', 'reflections', 'assessments'] as const;

/** Whether the client's open follow-up is due (its day has come in the coach's time zone). */
export const isFollowUpDue = (client: Pick<ClientSummary, 'followUp'>): boolean =>
  client.followUp?.isDue === true;

/** How many of the rows have a follow-up due: the count on the 'Follow-up due' filter. */
export const followUpDueCount = (rows: readonly ClientSummary[]): number =>
  rows.filter(isFollowUpDue).length;

/**
 * Between two equally urgent clients, the one with a due follow-up first, the longest due
 * first (dates 'YYYY-MM-DD' compare as text); 0 when neither has one or both are due the same day.
 */
function compareFollowUpDue(
  a: Pick<ClientSummary, 'followUp'>,
  b: Pick<ClientSummary, 'followUp'>,
): number {
  const dueA = isFollowUpDue(a) ? (a.followUp?.dueDate ?? null) : null;
  const dueB = isFollowUpDue(b) ? (b.followUp?.dueDate ?? null) : null;
  if (dueA === dueB) return 0;
  if (dueA === null) return 1;
  if (dueB === null) return -1;
  return dueA < dueB ? -1 : 1;
}

/**
 * The rows of a list, most urgent first (the table's initial order, decisions 'Clients list'),
 * and among equally urgent clients those with a due follow-up first (the list has no room for a
 * column of its own: the follow-up is said in the name's cell): the server sends them by last then
 * first name, and the sort is stable, so the others stay in name order. The timezone flag compares each client's offset with the device's
 * (`deviceOffsetMinutes`, by default this device's) at the list's `generatedAt`; a client with
 * unread messages needs attention.
 */
export function toClientRows(list: ClientSummaryList, deviceOffsetMinutes?: number): ClientRow[] {
  const now = new Date(list.generatedAt);
  const device = deviceOffsetMinutes ?? deviceUtcOffsetMinutes(now);
  return list.clients
    .map((client) => ({
      ...client,
      fullName: fullName(client),
      attention: attentionOf(client, now),
      differentTimezone: isDifferentTimezone(client, now, device),
    }))
    .sort((a, b) => compareAttention(a.attention, b.attention) || compareFollowUpDue(a, b));
}

/** completed / scheduled as a ratio for sorting; null (sorted last) with nothing scheduled. */
export const completionRatio = ({ completed, scheduled }: CompletionCount) =>
  scheduled > 0 ? completed / scheduled : null;

/** Sorts the journey: learn, sense, grow, each by its day. */
export const phaseOrder = ({ journey }: ClientSummary) =>
  journeyStepNames.indexOf(journey.step) * 1000 + journey.currentDay;

/**
 * The average of each indicator across the clients that have a current value (each client counts
 * once, whatever the length of their phase), to 0.1; null when none has one. Grow clients show
 * sense's averages (no reflection windows in grow): past figures, left out of today's average.
 */
export function indicatorAverages(rows: readonly ClientRow[]): Record<Indicator, number | null> {
  const current = rows.filter((row) => row.indicators.basis === 'currentPhase');
  const average = (indicator: Indicator) => {
    const values = current
      .map((row) => row.indicators[indicator].value)
      .filter((value): value is number => value !== null);
    if (values.length === 0) return null;
    return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
  };
  return {
    productivity: average('productivity'),
    mental: average('mental'),
    physical: average('physical'),
  };
}
