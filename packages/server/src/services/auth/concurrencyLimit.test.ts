import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrencyLimit.ts';

/** A task that runs until the test lets it finish, counting how many run at once. */
function gate() {
  let running = 0;
  let peak = 0;
  const started: number[] = [];
  const finishers: (() => void)[] = [];
  const task =
    (id: number, fails = false) =>
    async () => {
      running++;
      peak = Math.max(peak, running);
      started.push(id);
      await new Promise<void>((resolve) => finishers.push(resolve));
      running--;
      if (fails) throw new Error(`task ${id} failed`);
      return id;
    };
  /** Lets the earliest unfinished task end, then lets the queue move. */
  const finishOne = async () => {
    finishers.shift()?.();
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
  };
  const settle = async () => {
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
  };
  return { task, finishOne, settle, started, peak: () => peak, running: () => running };
}

describe('createConcurrencyLimit', () => {
  it('runs at most `max` tasks at once, the rest in arrival order, each answering its own result', async () => {
    const limit = createConcurrencyLimit(2);
    const { task, finishOne, settle, started, peak } = gate();
    const results = Array.from({ length: 6 }, (_, id) => limit(task(id)));
    await settle();
    expect(started).toEqual([0, 1]);
    while (started.length < 6) await finishOne();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await finishOne();
    await finishOne();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak()).toBe(2);
  });

  it('frees the slot of a task that throws', async () => {
    const limit = createConcurrencyLimit(1);
    const { task, finishOne, settle, started } = gate();
    const failing = limit(task(0, true));
    const next = limit(task(1));
    await settle();
    expect(started).toEqual([0]);
    await finishOne();
    await expect(failing).rejects.toThrow('task 0 failed');
    expect(started).toEqual([0, 1]);
    await finishOne();
    await expect(next).resolves.toBe(1);
  });
});
