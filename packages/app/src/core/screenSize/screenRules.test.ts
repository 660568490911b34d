import { describe, expect, it } from 'vitest';
import {
  blockingReasonFor,
  rootFontSizeCss,
  rootFontSizeFor,
  rootFontSizeTable,
} from './screenRules.ts';

describe('rootFontSizeFor', () => {
  it.each([
    [320, 11],
    [1003, 11],
    [1004, 11],
    [1096, 11],
    [1097, 12],
    [1280, 12],
    [1281, 14],
    [1600, 14],
    [1601, 15],
    [1900, 15],
    [1901, 16],
    [3840, 16],
  ])('gives %i px wide a root font size of %i px', (width, size) => {
    expect(rootFontSizeFor(width)).toBe(size);
  });
});

describe('rootFontSizeCss', () => {
  // What a browser does with the CSS at a width: the base rule, then every media query that
  // matches, the last one winning.
  function sizeByCss(css: string, width: number): number {
    const base = /^html\{font-size:(\d+)px\}/.exec(css);
    let size = Number(base?.[1]);
    for (const [, minWidth, px] of css.matchAll(
      /@media \(min-width:(\d+)px\)\{html\{font-size:(\d+)px\}\}/g,
    )) {
      if (width >= Number(minWidth)) size = Number(px);
    }
    return size;
  }

  it.each([320, 1003, 1004, 1096, 1097, 1280, 1281, 1600, 1601, 1900, 1901, 3840])(
    'gives %i px wide the same root font size as the rules',
    (width) => {
      expect(sizeByCss(rootFontSizeCss(), width)).toBe(rootFontSizeFor(width));
    },
  );

  it('is one base rule and a media query per breakpoint, nothing else', () => {
    expect(rootFontSizeCss()).toBe(
      'html{font-size:11px}' +
        '@media (min-width:1097px){html{font-size:12px}}' +
        '@media (min-width:1281px){html{font-size:14px}}' +
        '@media (min-width:1601px){html{font-size:15px}}' +
        '@media (min-width:1901px){html{font-size:16px}}',
    );
  });
});

describe('rootFontSizeTable', () => {
  it('lists 11, 12, 14, 15 and 16 px with the widths the rules give them', () => {
    expect(rootFontSizeTable()).toEqual([
      { below: 1097, size: 11 },
      { below: 1281, size: 12 },
      { below: 1601, size: 14 },
      { below: 1901, size: 15 },
      { below: null, size: 16 },
    ]);
  });

  it.each([1004, 1096, 1097, 1280, 1281, 1600, 1601, 1900, 1901, 3840])(
    'names for %i px wide the size the rules give it',
    (width) => {
      const entry = rootFontSizeTable().find(({ below }) => below === null || width < below);
      expect(entry?.size).toBe(rootFontSizeFor(width));
    },
  );
});

describe('blockingReasonFor', () => {
  it('blocks under 1004 px wide and lets 1004 px through', () => {
    expect(blockingReasonFor({ width: 1003, height: 800, canRotate: false })).toBe(
      'higherResolution',
    );
    expect(blockingReasonFor({ width: 1004, height: 800, canRotate: false })).toBeNull();
  });

  it('asks for landscape on a rotatable device at least 1004 px high', () => {
    expect(blockingReasonFor({ width: 768, height: 1004, canRotate: true })).toBe('landscape');
    expect(blockingReasonFor({ width: 768, height: 1003, canRotate: true })).toBe(
      'higherResolution',
    );
  });

  it('asks for a larger screen when the device cannot rotate, whatever its height', () => {
    expect(blockingReasonFor({ width: 768, height: 1366, canRotate: false })).toBe(
      'higherResolution',
    );
  });

  it('never blocks a wide enough screen, rotatable or not', () => {
    expect(blockingReasonFor({ width: 1366, height: 1024, canRotate: true })).toBeNull();
  });
});
