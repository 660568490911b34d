import { describe, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { expectMessagesJourney } from './harness/messages.ts';

// Messages across server processes, as a deployment behind a load balancer runs them: two
// processes on one PostgreSQL database. The coach's screens are served by the first; the client's
// calls (their thread, marking it read, their answer) go to the second, whose changes reach the
// first's live streams through PostgreSQL's LISTEN/NOTIFY. Its own product: the test writes
// messages, quick replies and read marks.
const e2e = setUpE2e({ processes: 2 });

describe('messages with two server processes on PostgreSQL', () => {
  it("a client's answer sent to one process reaches the coach's open profile and open clients list another process serves without a reload, and the count clears once it is read", async () => {
    const [, second] = e2e.product().urls;
    if (!second) throw new Error('The product has one process, not two');
    const times = await expectMessagesJourney(e2e, second);
    console.info(`messages, two processes (ms): ${JSON.stringify(times)}`);
  }, 60_000);
});
