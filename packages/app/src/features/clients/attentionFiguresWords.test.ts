import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/testI18n.ts';
import { describeAttentionFigures } from './attentionFiguresWords.ts';

const figures = {
  days: 30,
  episodes: 6,
  actedOn: 5,
  medianHoursToFirstAction: 5.4,
  endedAfterAction: 3,
  endedWithoutAction: 1,
  keptAt: '2026-11-25T12:00:00.000Z',
};

describe('describeAttentionFigures', () => {
  const { t } = createTestI18n();
  const { t: tEs } = createTestI18n('es');

  it('words the figures: episodes, the median time to a first action, endings with and without one', () => {
    expect(describeAttentionFigures(figures, t)).toBe(
      '6 times a client needed attention · first action after 5 h (median) · 3 ended within 7 days of your action, 1 without one',
    );
    expect(describeAttentionFigures(figures, tEs)).toBe(
      '6 veces un cliente requirió atención · primera acción tras 5 h (mediana) · 3 terminaron en los 7 días siguientes a tu acción, 1 sin ninguna',
    );
  });

  it('says when nothing was acted on yet, counts one time in the singular, and minutes and days', () => {
    expect(
      describeAttentionFigures(
        {
          ...figures,
          episodes: 1,
          actedOn: 0,
          medianHoursToFirstAction: null,
          endedAfterAction: 0,
          endedWithoutAction: 0,
        },
        t,
      ),
    ).toBe(
      '1 time a client needed attention · no action yet · 0 ended within 7 days of your action, 0 without one',
    );
    expect(describeAttentionFigures({ ...figures, medianHoursToFirstAction: 0.25 }, t)).toContain(
      'first action after 15 min (median)',
    );
    expect(describeAttentionFigures({ ...figures, medianHoursToFirstAction: 50 }, t)).toContain(
      'first action after 2 days (median)',
    );
  });

  it('says one ended in the singular in Spanish', () => {
    expect(describeAttentionFigures({ ...figures, endedAfterAction: 1 }, tEs)).toContain(
      '1 terminó en los 7 días siguientes a tu acción, 1 sin ninguna',
    );
  });

  it('is a plain sentence for a coach with no episode', () => {
    expect(
      describeAttentionFigures(
        {
          ...figures,
          episodes: 0,
          actedOn: 0,
          medianHoursToFirstAction: null,
          endedAfterAction: 0,
          endedWithoutAction: 0,
        },
        t,
      ),
    ).toBe('No client needed your attention in the last 30 days.');
  });
});
