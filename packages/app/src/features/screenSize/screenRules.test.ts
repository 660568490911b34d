import { describe, expect, it } from 'vitest';
import { blockingReasonFor, rootFontSizeFor } from './screenRules.ts';

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
