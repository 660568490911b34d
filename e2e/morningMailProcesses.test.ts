import { describe, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { expectMorningMail, nextSevenOClock } from './harness/morningMail.ts';

// The morning attention mail with three server processes on one PostgreSQL database,
// started together at 07:00:30 in the demo coach's zone: each one's scheduler ticks at start and
// finds the coach due, and the claim in the database lets one of them queue the mail. Its own
// product: its clock stands still.
const e2e = setUpE2e({ testNow: nextSevenOClock(), processes: 3 });

describe('the morning attention mail with three server processes', () => {
  it('arrives once, with the clients who need attention and the list’s reasons', async () => {
    await expectMorningMail(e2e);
  });
});
