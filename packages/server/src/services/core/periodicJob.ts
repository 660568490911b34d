// A job a process runs now and then (the morning mail, the attention episodes' sweep): one run
// at a time, the next one `everyMs` after the last ended, none after `stop()`, which waits for a
// run under way. A run reads `isClosing()` between its units of work, so a stopping server is not
// held by a long one.

/** What a job does: its run, and what it starts and stops beside its timer. */
export type PeriodicWork<Result> = {
  /** One run; `isClosing()` turns true once `stop()` was called. */
  run: (isClosing: () => boolean) => Promise<Result>;
  /** Before the first run (a listener to open). */
  beforeStart?: () => Promise<void>;
  /** Once stopped, after the run under way (the listener to close). */
  afterStop?: () => Promise<void>;
};

/** A periodic job: `start()` runs it now and then every `everyMs`; `tick()` runs one at once. */
export function createPeriodicJob<Result>(everyMs: number, work: PeriodicWork<Result>) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<Result> | null = null;
  let isStopped = true;
  let isClosing = false;

  /** Runs once, or joins the run under way. */
  function tick(): Promise<Result> {
    running ??= work
      .run(() => isClosing)
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule() {
    if (isStopped) return;
    timer = setTimeout(() => {
      timer = null;
      void tick().finally(schedule);
    }, everyMs);
    timer.unref();
  }

  return {
    async start() {
      if (!isStopped) return;
      isStopped = false;
      isClosing = false;
      await work.beforeStart?.();
      void tick().finally(schedule);
    },
    tick,
    /** Runs no more; resolves once a run under way is over. */
    async stop() {
      isStopped = true;
      isClosing = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await work.afterStop?.();
    },
  };
}
