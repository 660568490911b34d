import { describe, expect, it } from 'vitest';
import { createClientFormats } from './clientFormats.ts';

const now = new Date('2026-11-16T09:30:00.000Z');

describe("clientTime: now on the client's clock, in the coach's locale", () => {
  it("formats the time in the client's timezone", () => {
    const english = createClientFormats('en-US', now);
    expect(english.clientTime({ timezone: 'Asia/Tokyo', utcOffsetMinutes: 540 })).toMatch(
      /^6:30\sPM$/,
    );
    expect(english.clientTime({ timezone: 'America/New_York', utcOffsetMinutes: -300 })).toMatch(
      /^4:30\sAM$/,
    );
    const german = createClientFormats('de-DE', now);
    expect(german.clientTime({ timezone: 'Asia/Kolkata', utcOffsetMinutes: 330 })).toBe('15:00');
  });

  it("shifts by the server's offset for a zone this browser does not know", () => {
    const german = createClientFormats('de-DE', now);
    expect(german.clientTime({ timezone: 'Mars/Olympus_Mons', utcOffsetMinutes: 540 })).toBe(
      '18:30',
    );
  });
});
