import type { FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { type AdmissionGate, type Refusal, refusals } from '../http/admissionGate.ts';
import { createCountedHistogram } from './countedHistogram.ts';
import { createLabelledCounter } from './labelledCounter.ts';

/** The methods named in `method`; any other is counted as 'other'. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route label of a request no route matched (a 404 of the router, a bad address). */
const unmatchedRoute = 'unmatched';

/**
 * Durations in seconds, of requests and of CPU-heavy jobs: from a cached answer (ms) to a PDF
 * report (seconds).
 */
export const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type LaneState = { atWork: number; waiting: number; max: number };

/** The HTTP server's metrics: its answered requests, and its admission gate's lanes and refusals. */
export function httpMetrics(registry: Registry) {
  const registers = [registry];
  const httpDuration = createCountedHistogram({
    name: 'coach_http_request_duration_seconds',
    help: 'HTTP requests answered, by route template, method and status, and how long each took',
    labelNames: ['route', 'method', 'status'],
    buckets: durationBuckets,
    registry,
  });
  const admissionRefusals = createLabelledCounter(registry, {
    name: 'coach_admission_refusals_total',
    help: "API requests the admission gate refused: their address held too many ('address_busy') or the queue was full ('queue_full')",
    label: 'reason',
    values: refusals,
  });

  return {
    /** Counts an answered request, labelled by its route's template (see OneLinePerRequest). */
    requestAnswered(request: FastifyRequest, reply: FastifyReply, elapsedMs: number) {
      httpDuration.observe(
        elapsedMs / 1000,
        request.routeOptions.url ?? unmatchedRoute,
        knownMethods.has(request.method) ? request.method : 'other',
        reply.statusCode,
      );
    },
    /** Called by the admission gate when it refuses a request. */
    refused(reason: Refusal) {
      admissionRefusals.inc({ reason });
    },
    /** Reports the admission gate's lanes (read at each scrape). */
    watchAdmission(gate: AdmissionGate) {
      const lanes = () => {
        const state = gate.state();
        return { general: state, signIn: state.signIn };
      };
      const laneGauge = (name: string, help: string, read: (lane: LaneState) => number) =>
        new Gauge({
          name,
          help,
          labelNames: ['lane'] as const,
          registers,
          collect() {
            for (const [lane, state] of Object.entries(lanes())) this.set({ lane }, read(state));
          },
        });
      laneGauge(
        'coach_admission_at_work',
        'API requests being worked on, by lane (general, signIn)',
        (lane) => lane.atWork,
      );
      laneGauge(
        'coach_admission_waiting',
        'API requests waiting for a turn, by lane',
        (lane) => lane.waiting,
      );
      laneGauge(
        'coach_admission_max_at_work',
        'The most API requests worked on at once, by lane',
        (lane) => lane.max,
      );
      new Gauge({
        name: 'coach_admission_saturated',
        help: '1 while the gate is saturated (its queue full, or a request waiting for seconds): /api/health answers 503',
        registers,
        collect() {
          this.set(gate.state().isSaturated ? 1 : 0);
        },
      });
    },
  };
}
