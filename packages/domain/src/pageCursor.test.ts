import { describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor, type PageKey } from './pageCursor.ts';

const idA = '00000000-0000-4000-8000-00000000000a';
const key = (at: string, id: string): PageKey => ({ at, id });
const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('page cursors', () => {
  it('round-trip a key', () => {
    const original = key('2025-03-10T08:15:00.123456Z', idA);
    const cursor = encodePageCursor(original);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(cursor)).toEqual(original);
  });

  it('refuse anything this module did not make', () => {
    for (const cursor of [
      '',
      'not a cursor!',
      `${encodePageCursor(key('2025-03-10T08:15:00.123456Z', idA))}!`,
      Buffer.from('not json').toString('base64url'),
      encode({ at: '2025-03-10T08:15:00.123456Z', id: idA }),
      encode(['2025-03-10T08:15:00.123456Z']),
      encode(['2025-03-10T08:15:00.123Z', idA]),
      encode(['2025-02-30T08:15:00.123456Z', idA]),
      encode(['2025-03-10T25:15:00.123456Z', idA]),
      encode(['2025-03-10T08:15:00.123456Z', 'not-a-uuid']),
      encode(['2025-03-10T08:15:00.123456Z', idA.toUpperCase()]),
      encode([1, 2]),
    ]) {
      expect(decodePageCursor(cursor), cursor).toBeNull();
    }
  });

  it('refuse an instant outside the years 1900 to 2199, and keep both ends', () => {
    for (const at of [
      '0000-01-01T00:00:00.000000Z',
      '0001-01-01T00:00:00.000000Z',
      '1899-12-31T23:59:59.999999Z',
      '2200-01-01T00:00:00.000000Z',
      '9999-12-31T23:59:59.999999Z',
      '10000-01-01T00:00:00.000000Z',
      '+010000-01-01T00:00:00.000000Z',
      '-000001-01-01T00:00:00.000000Z',
    ]) {
      expect(decodePageCursor(encode([at, idA])), at).toBeNull();
    }
    for (const at of ['1900-01-01T00:00:00.000000Z', '2199-12-31T23:59:59.999999Z']) {
      expect(decodePageCursor(encode([at, idA])), at).toEqual(key(at, idA));
    }
  });
});
