import { availableParallelism } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

// CPU-heavy work (rendering a PDF takes tens to hundreds of milliseconds of solid computing) runs
// in worker threads, so the event loop keeps answering every other request meanwhile.

/** What the pool runs: a worker script (see {@link serveWorkerJobs}) and its limits. */
export type WorkerPoolOptions = {
  /** The worker's module (a `.ts` file runs as is on Node 22). */
  workerUrl: URL;
  /** Sent to each worker as `workerData`. */
  workerData?: unknown;
  /** Workers at most; by default one less than the cores, at least 1 and at most 4. */
  size?: number;
  /**
   * Jobs that may wait for a worker (default 32); one more is refused with
   * {@link WorkerPoolFullError}.
   */
  queueMax?: number;
  /** A job still running after this long ends its worker and fails. Default 30 s. */
  jobTimeoutMs?: number;
  /** Told of every job a worker ran: whether it failed, and its seconds on the worker. */
  onJobEnd?: ((outcome: 'done' | 'failed', seconds: number) => void) | undefined;
};

/** Thrown by {@link WorkerPool.run} when every worker is busy and the queue is full. */
export class WorkerPoolFullError extends Error {
  constructor() {
    super('Every worker is busy and the queue is full');
    this.name = 'WorkerPoolFullError';
  }
}

export type WorkerPool<Input, Output> = {
  /** Runs one job on the next free worker; rejects at once with WorkerPoolFullError when full. */
  run(input: Input): Promise<Output>;
  /** Whether a job would be accepted now (checked before costly preparation). */
  hasRoom(): boolean;
  /** Jobs running and waiting. */
  load(): { running: number; waiting: number };
  /** Ends the workers; jobs not finished fail. */
  close(): Promise<void>;
};

type Job<Input, Output> = {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: Error) => void;
  /** When a worker took it (performance.now()). */
  startedAt?: number;
};

type Slot<Input, Output> = {
  worker: Worker;
  job: Job<Input, Output> | null;
  timer?: NodeJS.Timeout;
};

type Answer<Output> = { ok: true; output: Output } | { ok: false; message: string };

/**
 * Jobs waiting by default: a burst of reports from many coaches at once queues (each waits one
 * render per job ahead of it) instead of being refused; past that the caller is told to retry.
 */
const defaultQueueMax = 32;

/** The default number of workers: the cores but one (the event loop's), 1 to 4. */
export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * A fixed set of worker threads, started when first needed, each running one job at a time, with
 * a bounded queue in front. A worker that crashes or overruns its job is replaced by the next job.
 */
export function createWorkerPool<Input, Output>(
  options: WorkerPoolOptions,
): WorkerPool<Input, Output> {
  const size = Math.max(1, options.size ?? defaultWorkerCount());
  const queueMax = Math.max(0, options.queueMax ?? defaultQueueMax);
  const jobTimeoutMs = options.jobTimeoutMs ?? 30_000;
  const slots: Slot<Input, Output>[] = [];
  const queue: Job<Input, Output>[] = [];
  let isClosed = false;

  function startSlot(): Slot<Input, Output> {
    const worker = new Worker(options.workerUrl, { workerData: options.workerData });
    const slot: Slot<Input, Output> = { worker, job: null };
    worker.on('message', (answer: Answer<Output>) => {
      const job = finishJob(slot, answer.ok ? 'done' : 'failed');
      if (!job) return;
      if (answer.ok) job.resolve(answer.output);
      else job.reject(new Error(answer.message));
      next();
    });
    const fail = (error: Error) => {
      removeSlot(slot);
      finishJob(slot)?.reject(error);
      next();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`Worker stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  }

  /** Frees the slot; answers its job, whose end is told as `outcome`. */
  function finishJob(
    slot: Slot<Input, Output>,
    outcome: 'done' | 'failed' = 'failed',
  ): Job<Input, Output> | null {
    const { job } = slot;
    clearTimeout(slot.timer);
    slot.job = null;
    if (job?.startedAt !== undefined) {
      options.onJobEnd?.(outcome, (performance.now() - job.startedAt) / 1000);
    }
    return job;
  }

  function removeSlot(slot: Slot<Input, Output>) {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  }

  function assign(slot: Slot<Input, Output>, job: Job<Input, Output>) {
    slot.job = job;
    job.startedAt = performance.now();
    slot.timer = setTimeout(() => {
      // The job may be stuck in a loop: only ending the thread stops it.
      removeSlot(slot);
      finishJob(slot)?.reject(new Error(`Job still running after ${jobTimeoutMs} ms`));
      void slot.worker.terminate();
      next();
    }, jobTimeoutMs);
    slot.worker.postMessage(job.input);
  }

  function next() {
    while (!isClosed && queue.length > 0) {
      const slot =
        slots.find((candidate) => candidate.job === null) ??
        (slots.length < size ? startSlot() : undefined);
      const job = slot && queue.shift();
      if (!slot || !job) return;
      assign(slot, job);
    }
  }

  const running = () => slots.filter((slot) => slot.job !== null).length;

  return {
    run(input) {
      if (isClosed) return Promise.reject(new Error('The worker pool is closed'));
      if (running() >= size && queue.length >= queueMax) {
        return Promise.reject(new WorkerPoolFullError());
      }
      return new Promise<Output>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        next();
      });
    },
    hasRoom: () => !isClosed && (running() < size || queue.length < queueMax),
    load: () => ({ running: running(), waiting: queue.length }),
    async close() {
      isClosed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The worker pool is closed'));
      const ending = slots.splice(0);
      for (const slot of ending) finishJob(slot)?.reject(new Error('The worker pool is closed'));
      await Promise.all(ending.map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * The worker side: answers each job posted by the pool with `handle`'s output (its ArrayBuffers
 * moved, not copied) or the error's message. Call once at the top of a worker module.
 */
export function serveWorkerJobs<Input, Output>(
  handle: (input: Input) => Promise<Output>,
  transferOf: (output: Output) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerJobs runs in a worker thread');
  port.on('message', async (input: Input) => {
    try {
      const output = await handle(input);
      port.postMessage({ ok: true, output } satisfies Answer<Output>, transferOf(output));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ ok: false, message } satisfies Answer<Output>);
    }
  });
}
