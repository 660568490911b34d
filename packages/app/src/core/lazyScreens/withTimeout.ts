/** The longest a screen's code may take to load (requirements R9.11). */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

/** A load that took longer than its time limit. */
export class ScreenLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The screen did not load within ${timeoutMs} ms`);
    this.name = 'ScreenLoadTimeoutError';
  }
}

/** Settles like `promise`, or rejects with a {@link ScreenLoadTimeoutError} after `timeoutMs`. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadTimeoutError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
