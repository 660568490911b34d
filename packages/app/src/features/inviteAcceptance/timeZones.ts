import { canonicalTimeZone } from '@coach/domain';

let offered: readonly string[] | null = null;

/**
 * The timezones an invitee can choose: every IANA name Intl lists, plus 'UTC', each in the
 * canonical spelling the server stores (`canonicalTimeZone`, the one rule of the api package),
 * sorted. Fixed offsets are never offered: the decisions allow IANA names only.
 */
export function offeredTimeZones(): readonly string[] {
  offered ??= [
    ...new Set(
      [...Intl.supportedValuesOf('timeZone'), 'UTC']
        .map(canonicalTimeZone)
        .filter((zone): zone is string => zone !== null),
    ),
  ].sort();
  return offered;
}

/**
 * The offered timezone a typed name stands for, or null: 'europe/paris' and 'Europe/Paris ' are
 * 'Europe/Paris', 'America/New York' is 'America/New_York'; an offset or an unknown name is null.
 */
export function offeredTimeZone(name: string): string | null {
  const canonical = canonicalTimeZone(name.trim().replaceAll(' ', '_'));
  return canonical !== null && offeredTimeZones().includes(canonical) ? canonical : null;
}

const deviceTimeZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** This device's timezone when it is one of the offered names, else null (the invitee chooses). */
export function detectTimeZone(readDeviceZone: () => string | undefined = deviceTimeZone) {
  const detected = readDeviceZone();
  return detected ? offeredTimeZone(detected) : null;
}
