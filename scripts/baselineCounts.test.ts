import { describe, expect, it } from 'vitest';
import { viewportOptions } from '../.storybook/windows.ts';
import { baselineTable, captureOf, countBaselines, type PreviewStory } from './baselineCounts.ts';

/** A story as the preview holds it, in the design window and English unless told. */
const story = (id: string, fields: Partial<PreviewStory> = {}): PreviewStory => ({
  id,
  viewportGlobal: null,
  viewportParameter: { options: viewportOptions },
  locale: 'en-US',
  snapshotParameter: null,
  ...fields,
});

describe('captureOf', () => {
  it('reads the width of the window the viewport global names, 1,280 px when it names none', () => {
    expect(captureOf(story('a')).width).toBe(1280);
    expect(
      captureOf(story('b', { viewportGlobal: { value: 'coachFullHd', isRotated: false } })).width,
    ).toBe(1920);
  });

  it('reads the language and whether the picture is of the whole page or taken at all', () => {
    const whole = captureOf(story('a', { locale: 'es', snapshotParameter: { fullPage: true } }));
    expect(whole).toMatchObject({ language: 'es', whole: true, snapshot: true });
    expect(captureOf(story('b', { snapshotParameter: false })).snapshot).toBe(false);
    expect(captureOf(story('c')).whole).toBe(false);
    expect(captureOf(story('d', { snapshotParameter: { fullPage: false } })).whole).toBe(false);
  });
});

describe('countBaselines', () => {
  const stories = [
    story('first'),
    story('whole-es', { locale: 'es', snapshotParameter: { fullPage: true } }),
    story('at-1920', { viewportGlobal: { value: 'coachFullHd' } }),
    story('no-picture', { snapshotParameter: false }),
    story('no-baseline-yet'),
  ].map(captureOf);
  const counts = countBaselines(
    stories,
    new Set(['first', 'whole-es', 'at-1920', 'no-picture', 'renamed']),
  );

  it('counts a story with a picture and a PNG, in its width and language', () => {
    expect(counts.total).toBe(3);
    expect(counts.cells.get('1280 en-US')).toMatchObject({ firstScreen: 1, whole: 0 });
    expect(counts.cells.get('1280 es')).toMatchObject({ firstScreen: 0, whole: 1 });
    expect(counts.cells.get('1920 en-US')).toMatchObject({ firstScreen: 1, whole: 0 });
  });

  it('names the PNGs of no story that takes a picture', () => {
    expect(counts.orphans).toEqual(['no-picture', 'renamed']);
  });

  it('prints a row per width and a column per language, with the totals', () => {
    expect(baselineTable(counts).split('\n').slice(0, 5)).toEqual([
      '| width | en-US | es | all |',
      '| ---: | ---: | ---: | ---: |',
      '| 1280 | 1 (1 + 0) | 1 (0 + 1) | 2 (1 + 1) |',
      '| 1920 | 1 (1 + 0) | 0 (0 + 0) | 1 (1 + 0) |',
      '| all | 2 (2 + 0) | 1 (0 + 1) | 3 (2 + 1) |',
    ]);
  });
});
