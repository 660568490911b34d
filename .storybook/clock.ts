/**
 * A fixed clock for stories: time starts at the same instant in every story and then runs on,
 * so snapshots are stable while countdowns and timers still move.
 */
export const FIXED_NOW = Date.UTC(2026, 10, 16, 9, 30, 0);

const RealDate = Date;
let offset = 0;

class FixedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) {
      super(RealDate.now() + offset);
    } else {
      // @ts-expect-error: forwarding the overloads of Date
      super(...args);
    }
  }

  static override now() {
    return RealDate.now() + offset;
  }
}

/** Starts the clock at `FIXED_NOW` (or `at`) for the current story. */
export function installFixedClock(at: number = FIXED_NOW) {
  offset = at - RealDate.now();
  globalThis.Date = FixedDate as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
    offset = 0;
  };
}
