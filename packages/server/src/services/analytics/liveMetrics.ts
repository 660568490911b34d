import { type LiveEvent, liveEventNames, refetchReasons } from '@coach/api';
import { Gauge, type Registry } from 'prom-client';
import { createLabelledCounter } from '../../metrics/labelledCounter.ts';
import { type StreamRefusal, streamRefusals } from './liveHub.ts';

/**
 * The live streams' metrics, a family the live events' route registers with the process's
 * metrics: the streams open (read at each scrape), the events written to them by kind, the
 * refetches by reason, and the streams refused at their caps.
 */
export function liveMetrics(registry: Registry) {
  const eventsSent = createLabelledCounter(registry, {
    name: 'coach_live_events_sent_total',
    help: "Events written to coaches' live streams, by event (clients-changed, messages-changed, refetch): one per stream it went to",
    label: 'event',
    values: liveEventNames,
  });
  const refetches = createLabelledCounter(registry, {
    name: 'coach_live_refetches_total',
    help: "Refetch events (the app reloads what it shows), by reason: resume (a stream resumed past what is kept), connection (the database's notices were lost), overflow (too many changes at once)",
    label: 'reason',
    values: refetchReasons,
  });
  const refusals = createLabelledCounter(registry, {
    name: 'coach_live_streams_refused_total',
    help: "Live streams refused (429): the coach held too many open ('coach') or the address did ('address')",
    label: 'reason',
    values: streamRefusals,
  });
  let openStreams = () => 0;
  new Gauge({
    name: 'coach_live_streams_open',
    help: "Coaches' live event streams open in this process",
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });

  return {
    /** Reports the live streams `count` tells of (read at each scrape). */
    watchOpenStreams(count: () => number) {
      openStreams = count;
    },
    /** Counts an event written to `streams` live streams. */
    eventSent(event: LiveEvent, streams: number) {
      eventsSent.inc({ event: event.event }, streams);
      if (event.event === 'refetch') refetches.inc({ reason: event.data.reason });
    },
    /** Counts a live stream refused at its cap. */
    streamRefused(reason: NonNullable<StreamRefusal>) {
      refusals.inc({ reason });
    },
  };
}
