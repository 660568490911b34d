import type { ClientSummary } from '@coach/api';
import { utcOffsetMinutes } from '@coach/domain';

/** What the flag reads of a client: their IANA timezone and the server's offset for it. */
export type ClientZone = Pick<ClientSummary, 'timezone' | 'utcOffsetMinutes'>;

/** The coach's device offset from UTC at an instant, in minutes east of UTC (as the contract's). */
export const deviceUtcOffsetMinutes = (at: Date): number => 0 - at.getTimezoneOffset();

/**
 * A client's offset from UTC at `at`, from their timezone (so it follows a clock change between
 * the list's answer and `at`); the server's `utcOffsetMinutes` when this browser does not know
 * the zone.
 */
export function clientUtcOffsetMinutes(client: ClientZone, at: Date): number {
  try {
    return utcOffsetMinutes(at, client.timezone);
  } catch {
    return client.utcOffsetMinutes;
  }
}

/**
 * The 'different timezone' flag (decisions: on when the client's UTC offset differs from the
 * coach's device): compared at one instant, `at`, so two zones that share an offset (Paris and
 * Berlin), or share it only part of the year (London and UTC in winter), are not flagged while
 * their clocks agree.
 */
export function isDifferentTimezone(
  client: ClientZone,
  at: Date,
  deviceOffsetMinutes: number = deviceUtcOffsetMinutes(at),
): boolean {
  return clientUtcOffsetMinutes(client, at) !== deviceOffsetMinutes;
}

/** A short place name of an IANA timezone: 'America/New_York' -> 'New York', 'UTC' -> 'UTC'. */
export function timezonePlace(timezone: string): string {
  const last = timezone.split('/').pop() ?? timezone;
  return last.replaceAll('_', ' ');
}
