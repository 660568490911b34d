/** Runs tasks at most `max` at a time; the others wait their turn, first come first served. */
export type ConcurrencyLimit = (<T>(task: () => Promise<T>) => Promise<T>) & {
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number };
};

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next task, so a newcomer cannot jump the queue.
    if (next) next();
    else running--;
  };
  const limit = async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
  return Object.assign(limit, { load: () => ({ running, waiting: waiting.length }) });
}
