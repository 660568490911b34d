import { describe, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { expectMorningMail, nextSevenOClock } from './harness/morningMail.ts';

// The morning attention mail: the product's clock (its test-only COACH_TEST_NOW) stands
// at 07:00 in the demo coach's zone, so the mail goes at start; it reaches a real SMTP sink with
// the clients the list flags and the list's reasons, each with a link to the client's profile.
// Its own product: its clock stands still.
const e2e = setUpE2e({ testNow: nextSevenOClock() });

describe('the morning attention mail', () => {
  it("arrives at 07:00 in the coach's zone with the clients who need attention, the list's reasons and links that open their profiles", async () => {
    await expectMorningMail(e2e);
  });
});
