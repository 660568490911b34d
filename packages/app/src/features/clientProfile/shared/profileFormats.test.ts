import { describe, expect, it } from 'vitest';
import { createProfileFormats } from './profileFormats.ts';

describe('createProfileFormats', () => {
  const formats = createProfileFormats('en-US');

  it('writes a local date as that calendar day, whatever the device zone', () => {
    expect(formats.fullDate('2026-11-12')).toBe('Nov 12, 2026');
  });

  it("writes an instant on the client's clock with the zone's short name", () => {
    expect(formats.clientDateTime('2026-11-16T09:30:00Z', 'America/New_York')).toBe(
      'Nov 16, 4:30 AM EST',
    );
    expect(formats.clientDateTime('2026-11-16T09:30:00Z', 'Asia/Tokyo')).toBe(
      'Nov 16, 6:30 PM GMT+9',
    );
  });

  it('falls back to the device zone for a zone this browser does not know', () => {
    expect(formats.clientDateTime('2026-11-16T09:30:00Z', 'Mars/Olympus')).toMatch(/^Nov 16, /);
  });

  it('writes measures to at most one decimal', () => {
    expect(formats.measure(52.25)).toBe('52.3');
    expect(formats.measure(60)).toBe('60');
  });
});
