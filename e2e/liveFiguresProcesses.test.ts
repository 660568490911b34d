import { describe, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { expectLiveFigures } from './harness/liveFigures.ts';

// Live figures across server processes, as a deployment behind a load balancer runs
// them: two processes on one PostgreSQL database. The coach's screens are served by the first;
// the client's device batch goes to the second, whose change reaches the first through
// PostgreSQL's LISTEN/NOTIFY. Its own product: the test writes client data.
const e2e = setUpE2e({ processes: 2 });

describe('live figures with two server processes on PostgreSQL', () => {
  it("a device batch sent to one process changes the client's figures on the clients list and the profile another process serves without a reload, the sort and the open dialogs untouched", async () => {
    const [, second] = e2e.product().urls;
    if (!second) throw new Error('The product has one process, not two');
    await expectLiveFigures(e2e, second);
  }, 120_000);
});
