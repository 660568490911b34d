import { messages } from '@coach/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../domainError.ts';
import {
  type AdmissionGate,
  createAdmissionGate,
  type Lane,
  type Refusal,
  type Turn,
} from './admissionGate.ts';
import { hasBody, pauseBodyClock, resumeBodyClock } from './bodyRate.ts';
import { clientAddressKey } from './clientAddress.ts';
import { defaultHttpLimits, type HttpLimits } from './limits.ts';

// With more requests at once than the database serves, every statement waits in the pool's queue
// behind every other request's statements, so a request of several statements (a sign-in, a
// write in a transaction, the session check then a query) waits once per statement. Under 200
// connections starting together on two processes (npm run reliability -- load), clients lists
// waited past the pool's 10 s wait for a connection and answered 500. Admitted a bounded number
// at a time, first come first served, each request waits once, at the door, and the pool's queue
// stays short: its time is its turn plus its own work.
//
// A slot is held only while the server works: a request's body is read before its turn (twenty
// half-sent bodies holding the twenty slots froze the API). A request of a signed-in route with a
// body takes a turn for its session check (which must stay behind the gate, or a flood of tokens
// would reach the database unbounded), gives it back while its body arrives, and comes back to
// the front of the queue.

/** Requests that never wait: the health check answers from memory, whatever the load. */
const unqueuedPaths = new Set(['/api/health']);

/** How long a refused request is told to wait (`Retry-After`). */
const refusalRetry = { retryAfterSeconds: 1 };

/** Anonymous sign-in work (a password hash each, or a code check): its own lane at the gate. */
const signInOperations = new Set([
  'login',
  'checkInvite',
  'acceptInvite',
  'requestPasswordReset',
  'verifyResetCode',
  'resetPassword',
]);

/** A request's dealings with the gate. */
type Admission = {
  lane: Lane;
  turn: Turn | null;
  /** Whether the request holds a slot now. */
  isAdmitted: boolean;
  /** Whether the request gives its slot back while its body arrives (see above). */
  isLentForBody: boolean;
  hasLeftForBody: boolean;
};

const admissions = new WeakMap<FastifyRequest, Admission>();

/**
 * Admits the API requests of `app` through a gate (see admissionGate.ts) in arrival order: a
 * request without a body waits before anything else runs for it (its session check included), one
 * with a body once its body has arrived; each leaves when its answer has been handed to the
 * socket (not when the client has read it) or its connection has closed. A caller gone while waiting is never run. Answers the gate.
 */
export function registerAdmission(
  app: FastifyInstance,
  limits: Partial<HttpLimits> = {},
  /** Told of each refusal (the metrics count them). */
  onRefusal: (reason: Refusal) => void = () => {},
): AdmissionGate {
  const gate = createAdmissionGate({ ...defaultHttpLimits, ...limits });

  /** Waits for a turn, then `done`; or refuses (`done` with the DomainError). */
  function enter(request: FastifyRequest, admission: Admission, done: (error?: Error) => void) {
    const isReturning = admission.hasLeftForBody;
    // The client's body time does not run while the server keeps it waiting.
    pauseBodyClock(request);
    const proceed = () => {
      admission.isAdmitted = true;
      resumeBodyClock(request);
      done();
    };
    // The rest of the request may run synchronously from `done`: the turn is recorded first.
    let isEntering = true;
    let isAdmittedAtOnce = false;
    const turn = gate.enter(
      admission.lane,
      // An IPv6 client holds a whole /64: per address, it would have 2^64 shares.
      clientAddressKey(request.ip),
      () => {
        if (isEntering) isAdmittedAtOnce = true;
        else proceed();
      },
      isReturning,
    );
    isEntering = false;
    if (typeof turn === 'object') {
      admission.turn = turn;
      if (isAdmittedAtOnce) proceed();
      return;
    }
    // Refused: the server's error handler answers, with a second to wait.
    onRefusal(turn);
    done(
      turn === 'address_busy'
        ? new DomainError('rate_limited', messages.tooManyRequestsFromAddress, refusalRetry)
        : new DomainError('service_unavailable', messages.serviceUnavailable, refusalRetry),
    );
  }

  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (!path.startsWith('/api/') || unqueuedPaths.has(path)) return done();
    const { schema } = request.routeOptions;
    const operationId = schema?.operationId;
    const isSignedIn = ((schema?.security as unknown[] | undefined)?.length ?? 0) > 0;
    const isBodied = hasBody(request.raw);
    const admission: Admission = {
      lane: operationId && signInOperations.has(operationId) ? 'signIn' : 'general',
      turn: null,
      isAdmitted: false,
      isLentForBody: isBodied && isSignedIn,
      hasLeftForBody: false,
    };
    admissions.set(request, admission);
    // The server's work ends when the answer is handed to the socket ('prefinish', before the
    // client has read it: twenty clients that never read their picture held every slot), or
    // when the connection ends before ('close').
    const release = () => {
      admission.turn?.leave();
      admission.turn = null;
    };
    reply.raw.once('prefinish', release);
    reply.raw.once('close', release);
    if (isBodied && !isSignedIn) return done();
    enter(request, admission, done);
  });

  app.addHook('preParsing', (request, _reply, payload, done) => {
    const admission = admissions.get(request);
    if (admission?.isLentForBody && admission.turn) {
      admission.turn.leave();
      admission.turn = null;
      admission.isAdmitted = false;
      admission.hasLeftForBody = true;
    }
    done(null, payload);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const admission = admissions.get(request);
    if (!admission || admission.isAdmitted) return done();
    enter(request, admission, done);
  });

  return gate;
}

/**
 * Gives `request`'s slot back before its answer ends: for an answer that stays open (the live
 * event stream) or that is streamed at the client's pace (a large answer, see largeAnswer.ts),
 * whose work at the gate is done once it has started.
 */
export function leaveAdmission(request: FastifyRequest): void {
  const admission = admissions.get(request);
  admission?.turn?.leave();
  if (admission) admission.turn = null;
}
