/** A deadline of idle time, as `requestIdleCallback` gives one. */
type IdleDeadline = { timeRemaining(): number };

/**
 * Runs `work` in the browser's idle periods, a slice at a time, until it answers that nothing is
 * left; answers a function that stops it. `work` does one step per call; it is called again while
 * the slice has time left. Without `requestIdleCallback` (Safari, jsdom), a 50 ms timer stands in
 * for an idle period of one step.
 */
export function runWhenIdle(work: () => boolean): () => void {
  let isStopped = false;
  let handle: number | ReturnType<typeof setTimeout>;
  const hasIdleCallback = typeof globalThis.requestIdleCallback === 'function';
  const schedule = () => {
    handle = hasIdleCallback
      ? globalThis.requestIdleCallback(slice)
      : setTimeout(() => slice({ timeRemaining: () => 0 }), 50);
  };
  const slice = (deadline: IdleDeadline) => {
    if (isStopped) return;
    let isLeft = work();
    while (isLeft && !isStopped && deadline.timeRemaining() > 1) isLeft = work();
    if (isLeft && !isStopped) schedule();
  };
  schedule();
  return () => {
    isStopped = true;
    if (hasIdleCallback) globalThis.cancelIdleCallback(handle as number);
    else clearTimeout(handle as ReturnType<typeof setTimeout>);
  };
}

/**
 * Runs `work` once, in the first idle period after the next frame is painted (so never ahead of
 * what the current render shows); answers a function that cancels it. Without
 * `requestAnimationFrame` (jsdom), the idle period alone.
 */
export function runAfterNextPaint(work: () => void): () => void {
  let stopIdle: (() => void) | undefined;
  const idle = () => {
    stopIdle = runWhenIdle(() => {
      work();
      return false;
    });
  };
  if (typeof globalThis.requestAnimationFrame !== 'function') {
    idle();
    return () => stopIdle?.();
  }
  const frame = globalThis.requestAnimationFrame(idle);
  return () => {
    globalThis.cancelAnimationFrame(frame);
    stopIdle?.();
  };
}
