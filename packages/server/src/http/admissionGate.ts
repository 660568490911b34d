import type { HttpLimits } from './limits.ts';

/** Which turns a request takes: sign-in work has a share of its own (see `maxSignInAtWork`). */
export type Lane = 'general' | 'signIn';

/** A request's place at the gate: `leave` frees its slot, or its place in the queue. */
export type Turn = { leave(): void };

/** Why a request gets no place: its address holds too many, or the lane's queue is full. */
export const refusals = ['address_busy', 'queue_full'] as const;
export type Refusal = (typeof refusals)[number];

/** What `/api/health` reports of the gate. */
export type AdmissionState = {
  atWork: number;
  waiting: number;
  max: number;
  signIn: { atWork: number; waiting: number; max: number };
  /** The queue of general requests is full, or its oldest has waited `saturatedAfterMs`. */
  isSaturated: boolean;
};

type Waiter = {
  lane: Lane;
  address: string;
  /** Arrival order; a request coming back after its body (`isReturning`) goes first. */
  order: number;
  since: number;
  state: 'waiting' | 'atWork' | 'gone';
  admit: () => void;
};

export type GateLimits = Pick<
  HttpLimits,
  | 'maxRequestsAtWork'
  | 'maxSignInAtWork'
  | 'maxAtWorkPerAddress'
  | 'maxWaitingPerAddress'
  | 'maxWaiting'
  | 'maxSignInWaiting'
  | 'saturatedAfterMs'
>;

/**
 * Admits requests at most `maxRequestsAtWork` at a time, in arrival order, with two bounds beside:
 * sign-in work never holds more than `maxSignInAtWork` slots (a flood of sign-ins waits in its own
 * queue while signed-in calls take the other slots), and one client address never holds more than
 * `maxAtWorkPerAddress` (its other requests wait, so other addresses go ahead of them). A request
 * that cannot be admitted at once waits, unless its address or its lane already has the most
 * waiting allowed.
 */
export function createAdmissionGate(limits: GateLimits, now: () => number = Date.now) {
  const queues: Record<Lane, Waiter[]> = { general: [], signIn: [] };
  const waitingByAddress = new Map<string, number>();
  const atWorkByAddress = new Map<string, number>();
  let atWork = 0;
  let signInAtWork = 0;
  let arrivals = 0;

  const count = (map: Map<string, number>, key: string, step: number) => {
    const value = (map.get(key) ?? 0) + step;
    if (value > 0) map.set(key, value);
    else map.delete(key);
  };

  const canAdmit = (waiter: Pick<Waiter, 'lane' | 'address'>) =>
    atWork < limits.maxRequestsAtWork &&
    (waiter.lane !== 'signIn' || signInAtWork < limits.maxSignInAtWork) &&
    (atWorkByAddress.get(waiter.address) ?? 0) < limits.maxAtWorkPerAddress;

  const startWork = (waiter: Waiter) => {
    waiter.state = 'atWork';
    atWork++;
    if (waiter.lane === 'signIn') signInAtWork++;
    count(atWorkByAddress, waiter.address, 1);
    waiter.admit();
  };

  /** The first waiter of `queue` that may start now, by its index. */
  const firstAdmissible = (queue: Waiter[]) => queue.findIndex(canAdmit);

  // After every change, no waiter that could start is left waiting: so a newcomer that can start
  // jumps nobody.
  const admitWaiting = () => {
    while (atWork < limits.maxRequestsAtWork) {
      const general = firstAdmissible(queues.general);
      const signIn = firstAdmissible(queues.signIn);
      if (general === -1 && signIn === -1) return;
      const generalWaiter = queues.general[general];
      const signInWaiter = queues.signIn[signIn];
      const lane: Lane =
        !signInWaiter || (generalWaiter && generalWaiter.order < signInWaiter.order)
          ? 'general'
          : 'signIn';
      const [waiter] = queues[lane].splice(lane === 'general' ? general : signIn, 1);
      if (!waiter) return;
      count(waitingByAddress, waiter.address, -1);
      startWork(waiter);
    }
  };

  return {
    /**
     * Asks for a turn: `admit` runs once the request may start (at once when it can). A
     * returning request (one that left its slot while its body arrived) waits at the front.
     */
    enter(lane: Lane, address: string, admit: () => void, isReturning = false): Turn | Refusal {
      const waiter: Waiter = {
        lane,
        address,
        order: isReturning ? -1 : arrivals++,
        since: now(),
        state: 'waiting',
        admit,
      };
      const turn: Turn = {
        leave() {
          if (waiter.state === 'waiting') {
            const queue = queues[waiter.lane];
            queue.splice(queue.indexOf(waiter), 1);
            count(waitingByAddress, waiter.address, -1);
          } else if (waiter.state === 'atWork') {
            atWork--;
            if (waiter.lane === 'signIn') signInAtWork--;
            count(atWorkByAddress, waiter.address, -1);
            waiter.state = 'gone';
            admitWaiting();
          }
          waiter.state = 'gone';
        },
      };
      if (canAdmit(waiter)) {
        startWork(waiter);
        return turn;
      }
      if (!isReturning) {
        if ((waitingByAddress.get(address) ?? 0) >= limits.maxWaitingPerAddress) {
          return 'address_busy';
        }
        const maxWaiting = lane === 'signIn' ? limits.maxSignInWaiting : limits.maxWaiting;
        if (queues[lane].length >= maxWaiting) return 'queue_full';
      }
      if (isReturning) queues[lane].unshift(waiter);
      else queues[lane].push(waiter);
      count(waitingByAddress, address, 1);
      return turn;
    },

    state(): AdmissionState {
      const at = now();
      const oldest = queues.general.reduce((min, waiter) => Math.min(min, waiter.since), at);
      return {
        atWork,
        waiting: queues.general.length + queues.signIn.length,
        max: limits.maxRequestsAtWork,
        signIn: {
          atWork: signInAtWork,
          waiting: queues.signIn.length,
          max: limits.maxSignInAtWork,
        },
        isSaturated:
          queues.general.length >= limits.maxWaiting || at - oldest >= limits.saturatedAfterMs,
      };
    },
  };
}

export type AdmissionGate = ReturnType<typeof createAdmissionGate>;
