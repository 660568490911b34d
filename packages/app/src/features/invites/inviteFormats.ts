const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** When an invite was sent and when its link stops, as the pending list says them. */
export type InviteTimes = {
  /** The day it was (last) sent: 'Nov 3' (with the year when not this year's). */
  sent: string;
  /** 'in 5 days', 'in 3 hours'; null once the link has expired. */
  expiresIn: string | null;
};

/**
 * Formats for the coach's locale and device timezone, relative to `now`. The time left is
 * rounded to the nearest day from a day on (a fresh 14-day link reads 'in 14 days', not 13),
 * to the hour below that, and never reads 'in 0 hours' while the link still works.
 */
export function createInviteFormats(locale: string, now: Date) {
  const thisYear = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const otherYear = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  const yearOf = new Intl.DateTimeFormat(locale, { year: 'numeric' });
  // 'always': 'in 1 day', never 'tomorrow' for a link that may have 36 hours left.
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });

  return (invite: { sentAt: string; expiresAt: string }): InviteTimes => {
    const sentAt = new Date(invite.sentAt);
    const sameYear = yearOf.format(sentAt) === yearOf.format(now);
    const left = new Date(invite.expiresAt).getTime() - now.getTime();
    let expiresIn: string | null = null;
    if (left > 0) {
      expiresIn =
        left >= dayMs
          ? relative.format(Math.round(left / dayMs), 'day')
          : relative.format(Math.max(1, Math.round(left / hourMs)), 'hour');
    }
    return { sent: (sameYear ? thisYear : otherYear).format(sentAt), expiresIn };
  };
}
