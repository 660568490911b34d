// One rule for every timezone that enters the system (invite acceptance, profile updates).

let knownZones: ReadonlySet<string> | null = null;

/**
 * The zones Intl lists, plus 'UTC' (which it leaves out). Fixed offsets such as '+01:00' and
 * 'Etc/GMT+1' are not in it: they ignore daylight saving, and PostgreSQL reads an offset with the
 * POSIX sign (east is negative), so a day would land on the wrong side of midnight.
 */
function zones(): ReadonlySet<string> {
  knownZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return knownZones;
}

/**
 * The canonical spelling of an IANA timezone name ('europe/paris' becomes 'Europe/Paris',
 * 'Etc/UTC' becomes 'UTC', 'US/Eastern' becomes 'America/New_York'), or null when the name is
 * not a zone Intl lists: offsets ('+01:00'), 'Etc/GMT+1', unknown names, text over 64 characters.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return zones().has(canonical) ? canonical : null;
}

/** Every timezone the rule accepts, sorted: what a timezone picker offers. */
export function knownTimeZones(): string[] {
  return [...zones()].sort();
}
