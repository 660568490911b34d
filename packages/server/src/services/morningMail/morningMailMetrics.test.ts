import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { morningMailMetrics } from './morningMailMetrics.ts';

describe("the morning mail's metrics", () => {
  it("counts each round's coaches by outcome, and the rounds that failed", async () => {
    const registry = new Registry();
    const metrics = morningMailMetrics(registry);
    metrics.roundDone({ mailed: 2, quiet: 1, skipped: 0 }, false);
    metrics.roundDone({ mailed: 1, quiet: 0, skipped: 3 }, true);
    const mails = await registry.getSingleMetric('coach_morning_mails_total')?.get();
    const byOutcome = Object.fromEntries(
      (mails?.values ?? []).map(({ labels, value }) => [labels.outcome, value]),
    );
    expect(byOutcome).toEqual({ mailed: 3, quiet: 1, skipped: 3 });
    const failed = await registry.getSingleMetric('coach_morning_mail_failed_ticks_total')?.get();
    expect(failed?.values).toEqual([{ labels: {}, value: 1 }]);
  });
});
