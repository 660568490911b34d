import { type AttentionEpisode, createAttentionFormats } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../../test/testI18n.ts';
import { describeEpisode } from './episodeWords.ts';

const now = new Date('2026-11-25T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

const episode = (overrides: Partial<AttentionEpisode>): AttentionEpisode => ({
  id: 'e1',
  clientId: 'c1',
  startedAt: hoursAgo(200),
  reasons: [{ kind: 'lowIndicator', indicator: 'mental', value: 62, days: 3 }],
  firstActionAt: null,
  firstActionKind: null,
  endedAt: null,
  ...overrides,
});

describe('describeEpisode', () => {
  const english = createTestI18n();
  const spanish = createTestI18n('es');
  const words = (value: AttentionEpisode, language: 'en-US' | 'es' = 'en-US') =>
    describeEpisode(
      value,
      now,
      (language === 'es' ? spanish : english).t,
      createAttentionFormats(language, now),
    );

  it('tells an ended episode acted on as the issue words it', () => {
    const ended = episode({
      firstActionAt: hoursAgo(195),
      firstActionKind: 'message',
      endedAt: hoursAgo(195 - 96),
    });
    expect(words(ended)).toBe(
      'Mental 62% for 3 days · you wrote after 5 h · back above 70% 4 days later',
    );
    expect(words(ended, 'es')).toBe(
      'Mental 62\u00a0% durante 3 días · le escribiste tras 5 h · de nuevo por encima del 70\u00a0% 4 días después',
    );
  });

  it('tells an open episode by its age, with or without an action', () => {
    expect(words(episode({ startedAt: hoursAgo(9 * 24 + 2) }))).toBe(
      'Mental 62% for 3 days · still open after 9 days, no action yet',
    );
    expect(
      words(
        episode({
          startedAt: hoursAgo(30),
          firstActionAt: hoursAgo(29.5),
          firstActionKind: 'note',
        }),
      ),
    ).toBe('Mental 62% for 3 days · you noted after 30 min · still open after 30 h');
  });

  it('tells an episode that ended without an action, and one of several reasons', () => {
    expect(
      words(
        episode({
          startedAt: hoursAgo(60),
          reasons: [
            { kind: 'noData', lastConnectedAt: null, hoursSilent: null },
            { kind: 'unreadMessages', count: 2 },
          ],
          endedAt: hoursAgo(10),
        }),
      ),
    ).toBe(
      'No app use yet, 2 unread messages · no action · no longer needing attention 2 days later',
    );
  });
});
