import type { ThreadMessage as StoredMessage } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../../test/testI18n.ts';
import { isDeletable, toThreadMessages } from './threadView.ts';

const now = new Date('2026-11-16T09:30:00.000Z');
const message = (overrides: Partial<StoredMessage>): StoredMessage => ({
  id: '5e550000-0000-4000-8000-000000000001',
  clientId: '00000000-0000-4000-8000-000000000102',
  author: 'client',
  text: 'Hello',
  sentAt: '2026-11-16T08:00:00.000Z',
  readAt: null,
  deletedAt: null,
  ...overrides,
});

describe('toThreadMessages', () => {
  const i18n = createTestI18n();
  const options = { t: i18n.t, locale: 'en-US', now, clientName: 'Jamie Lee' };

  it("puts days and times on the coach's clock, not the device's", () => {
    // 02:00 UTC on the 16th is still the 15th in New York: yesterday there, today in Tokyo.
    const stored = [message({ sentAt: '2026-11-16T02:00:00.000Z' })];
    const [newYork] = toThreadMessages(stored, [], { ...options, timeZone: 'America/New_York' });
    const [tokyo] = toThreadMessages(stored, [], { ...options, timeZone: 'Asia/Tokyo' });
    expect(newYork).toMatchObject({
      day: '2026-11-15',
      dayLabel: 'Yesterday',
      timeLabel: '9:00 PM',
    });
    expect(tokyo).toMatchObject({ day: '2026-11-16', dayLabel: 'Today', timeLabel: '11:00 AM' });
  });

  it("shows the author, the read state of the coach's own and the text made harmless", () => {
    const shown = toThreadMessages(
      [
        message({ text: 'Invoice \u202Egpj.exe\u202C' }),
        message({ id: 'b', author: 'coach', readAt: '2026-11-16T08:05:00.000Z' }),
        message({ id: 'c', author: 'coach', deletedAt: '2026-11-16T08:06:00.000Z', text: '' }),
      ],
      [{ id: 'd', text: 'On its way', sentAt: now.toISOString() }],
      { ...options, timeZone: 'UTC' },
    );
    expect(
      shown.map(({ authorLabel, status, isDeleted }) => ({ authorLabel, status, isDeleted })),
    ).toEqual([
      { authorLabel: 'Jamie Lee', status: undefined, isDeleted: false },
      { authorLabel: 'You', status: 'read', isDeleted: false },
      { authorLabel: 'You', status: undefined, isDeleted: true },
      { authorLabel: 'You', status: 'sending', isDeleted: undefined },
    ]);
    expect(shown[0]?.text).toBe('Invoice gpj.exe');
  });
});

describe('isDeletable', () => {
  it("takes the coach's own message within 5 minutes of sending it", () => {
    const sent = (minutesAgo: number) =>
      new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    expect(isDeletable(message({ author: 'coach', sentAt: sent(4) }), now)).toBe(true);
    expect(isDeletable(message({ author: 'coach', sentAt: sent(5) }), now)).toBe(false);
    expect(isDeletable(message({ author: 'client', sentAt: sent(1) }), now)).toBe(false);
    expect(
      isDeletable(message({ author: 'coach', sentAt: sent(1), deletedAt: now.toISOString() }), now),
    ).toBe(false);
  });
});
