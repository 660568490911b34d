import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from './timeZone.ts';

describe('canonicalTimeZone', () => {
  it('accepts IANA names and UTC, in their canonical spelling', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('America/Port-au-Prince')).toBe('America/Port-au-Prince');
  });

  it('accepts every zone Intl lists, unchanged', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      expect(canonicalTimeZone(zone)).toBe(zone);
    }
  });

  it('refuses fixed offsets, Etc/GMT offsets, unknown names and junk', () => {
    for (const name of [
      '+01:00',
      '-05:00',
      '+0100',
      'Etc/GMT+1',
      'Etc/GMT-14',
      'Mars/Olympus',
      '',
      ' Europe/Paris',
      'Europe/Paris\u0000',
      'Europe/\uD800',
      `Europe/${'x'.repeat(80)}`,
    ]) {
      expect(canonicalTimeZone(name), name).toBeNull();
    }
  });
});
