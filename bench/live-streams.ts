// The live event streams (`GET /api/analytics/events`) under load, on the real server:
// - 1,000 open streams on one process (100 coaches x 10, the most a coach may open): the memory
//   they add to the process (its heap and the memory outside it, after a full collection, per
//   stream) and the CPU it spends while nothing happens (heartbeats only), beside the same
//   process before the streams opened;
// - fan-out: while device batches arrive at a steady rate (200 a second from 200 clients of those
//   coaches), the time from a batch's acknowledgement (its 200 reaching the client) to the event
//   naming that client on its coach's stream. A coach hears at most one event a second (the hub
//   sends a change after a quiet second at once and gathers the next ones until the second's
//   end), so at two batches a second per coach most of that time is the wait the product chooses;
// - messages: then, while the clients send messages at a modest steady rate (20 a second, each
//   client one, a coach's two clients 5 s apart: each message meets a quiet second, so the figure
//   is the path's, not the pace's wait), the time from a message's acknowledgement (its 201
//   reaching the client) to the `messages-changed` event naming that client on its coach's stream.
// On PGlite (one process: the in-process bus) and on PostgreSQL with two processes (the streams
// on one, the batches sent to the other: LISTEN/NOTIFY between them).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { liveEventOf, ServerSentEventReader } from '@coach/api';
import { cpuSecondsOf, freshPostgresDatabase, percentile } from './productServer.ts';
import type { LiveSeed } from './servers/live-server.ts';

// BENCH_LIVE_COACHES (100): fewer coaches (and so streams, clients and messages) for a quick run.
const coachCount = Number(process.env.BENCH_LIVE_COACHES ?? 100);
const clientsPerCoach = 2;
const streamsPerCoach = 10;
const batchesPerSecond = 200;
const loadSeconds = 10;
const idleSeconds = 16;
const messagesPerSecond = 20;

type LiveChild = {
  url: string;
  seed: LiveSeed | null;
  /** The heap and external memory in use after a full collection, in KB. */
  memoryKb: () => Promise<number>;
  rssKb: () => number;
  cpuSeconds: () => number;
  stop: () => Promise<void>;
};

function procField(pid: number | undefined, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** Starts bench/servers/live-server.ts; answers once it listens (and has seeded, if asked). */
async function startLiveServer(env: Record<string, string>): Promise<LiveChild> {
  const script = new URL('./servers/live-server.ts', import.meta.url).pathname;
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const sent: { seed: LiveSeed | null } = { seed: null };
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`live server exited with ${code}`)));
    child.on('message', (message) => {
      const received = message as { url?: string; seed?: LiveSeed };
      if (received.seed) sent.seed = received.seed;
      if (received.url) resolve(received.url);
    });
  });
  return {
    url,
    seed: sent.seed,
    memoryKb: () =>
      new Promise<number>((resolve) => {
        const answer = (message: unknown) => {
          const { memoryKb } = message as { memoryKb?: number };
          if (memoryKb === undefined) return;
          child.off('message', answer);
          resolve(memoryKb);
        };
        child.on('message', answer);
        child.send({ memory: true });
      }),
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(procField(child.pid, 'status'))?.[1] ?? Number.NaN),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

type OnEvent = (clientIds: string[], at: number) => void;

/**
 * An open stream: every `clients-changed` event's client ids reach `onChanged` with their time,
 * every `messages-changed` event's reach `onMessages`.
 */
async function openStream(
  url: string,
  token: string,
  listeners?: { onChanged: OnEvent; onMessages: OnEvent },
): Promise<() => void> {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/analytics/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the stream was refused: ${response.status} ${await response.text()}`);
  }
  const body = response.body as unknown as AsyncIterable<Uint8Array>;
  void (async () => {
    const decoder = new TextDecoder();
    const reader = new ServerSentEventReader();
    try {
      for await (const chunk of body) {
        const at = performance.now();
        for (const message of reader.push(decoder.decode(chunk, { stream: true }))) {
          const event = liveEventOf(message);
          if (event?.event === 'clients-changed') listeners?.onChanged(event.data.clientIds, at);
          if (event?.event === 'messages-changed') listeners?.onMessages(event.data.clientIds, at);
        }
      }
    } catch {
      // Closed by the benchmark.
    }
  })();
  return () => abort.abort();
}

type ModeFigures = {
  streams: number;
  /** Heap and external memory after a full collection, before and with the streams. */
  memoryBeforeKb: number;
  memoryWithStreamsKb: number;
  memoryPerStreamKb: number;
  /** The resident set before and with the streams (PGlite's memory moves it on its own). */
  rssBeforeKb: number;
  rssWithStreamsKb: number;
  idleCpuPercent: number;
  idleCpuBeforePercent: number;
  batchesSent: number;
  batchesPerSecond: number;
  batchErrors: number;
  /** The refused batches' statuses (0: no answer), with their counts. */
  errorStatuses: Record<string, number>;
  fanOutP50Ms: number;
  fanOutP95Ms: number;
  fanOutMaxMs: number;
  /** Acknowledged batches whose client no event named by the end. */
  missed: number;
  messagesSent: number;
  messagesPerSecond: number;
  messageErrors: number;
  messageErrorStatuses: Record<string, number>;
  messageP50Ms: number;
  messageP95Ms: number;
  messageMaxMs: number;
  /** Acknowledged messages whose client no `messages-changed` event named by the end. */
  messagesMissed: number;
  /** Messages whose event came before their acknowledgement (counted as 0 ms). */
  messagesNamedBeforeAcknowledged: number;
  /** The seconds between the messages of one coach's clients. */
  messageSpacingSeconds: number;
};

/**
 * Acknowledgement times not yet named by an event, by client, and the latencies named. With
 * `inFlight`, a write is also named by an event that came after it was sent and before its
 * acknowledgement (the event leaves at the commit, the answer a moment later): a latency of 0,
 * counted in `namedBeforeAcknowledged`. Without, such a write waits for the next event naming its
 * client (each batch client writes many; each message client writes one).
 */
function acknowledgements(inFlight = false) {
  const pending = new Map<string, number[]>();
  const latencies: number[] = [];
  // Writes sent and not yet answered, by client: their send time and, once named, the event's.
  const sent = new Map<string, { sentAt: number; namedAt: number | null }[]>();
  let namedBeforeAcknowledged = 0;
  return {
    pending,
    latencies,
    namedBeforeAcknowledged: () => namedBeforeAcknowledged,
    /** A write of `clientId` leaves; answers the call for its acknowledgement. */
    sending(clientId: string) {
      const write = { sentAt: performance.now(), namedAt: null as number | null };
      sent.set(clientId, [...(sent.get(clientId) ?? []), write]);
      return () => {
        sent.set(
          clientId,
          (sent.get(clientId) ?? []).filter((other) => other !== write),
        );
        if (write.namedAt !== null) {
          latencies.push(0);
          namedBeforeAcknowledged++;
          return;
        }
        const acks = pending.get(clientId) ?? [];
        acks.push(performance.now());
        pending.set(clientId, acks);
      };
    },
    acknowledged(clientId: string) {
      const acks = pending.get(clientId) ?? [];
      acks.push(performance.now());
      pending.set(clientId, acks);
    },
    named: ((clientIds, at) => {
      for (const clientId of clientIds) {
        if (inFlight) {
          for (const write of sent.get(clientId) ?? []) {
            if (write.sentAt <= at && write.namedAt === null) write.namedAt = at;
          }
        }
        const acks = pending.get(clientId) ?? [];
        for (const ackAt of acks) if (ackAt <= at) latencies.push(at - ackAt);
        pending.set(
          clientId,
          acks.filter((ackAt) => ackAt > at),
        );
      }
    }) satisfies OnEvent,
    missed: () => [...pending.values()].reduce((sum, acks) => sum + acks.length, 0),
  };
}

/** CPU of `child` over `seconds`, as a percentage of one core. */
async function cpuPercentOver(child: LiveChild, seconds: number): Promise<number> {
  const before = child.cpuSeconds();
  await delay(seconds * 1000);
  return Math.round(((child.cpuSeconds() - before) / seconds) * 1000) / 10;
}

async function measureMode(streamsServer: LiveChild, batchesServer: LiveChild, seed: LiveSeed) {
  await delay(2000);
  const memoryBeforeKb = await streamsServer.memoryKb();
  const rssBeforeKb = streamsServer.rssKb();
  const idleCpuBeforePercent = await cpuPercentOver(streamsServer, 5);

  // Batches and messages acknowledged and not yet named by an event, by client.
  const batchAcks = acknowledgements();
  const messageAcks = acknowledgements(true);
  const listeners = { onChanged: batchAcks.named, onMessages: messageAcks.named };

  const closers: (() => void)[] = [];
  // Opened a coach at a time, in groups: 1,000 at once would measure the opening rush instead.
  for (let start = 0; start < seed.coaches.length; start += 10) {
    const group = seed.coaches.slice(start, start + 10);
    const opened = await Promise.all(
      group.flatMap((coach) =>
        Array.from({ length: streamsPerCoach }, (_, index) =>
          openStream(streamsServer.url, coach.token, index === 0 ? listeners : undefined),
        ),
      ),
    );
    closers.push(...opened);
  }
  await delay(3000);
  const memoryWithStreamsKb = await streamsServer.memoryKb();
  const rssWithStreamsKb = streamsServer.rssKb();
  const idleCpuPercent = await cpuPercentOver(streamsServer, idleSeconds);

  // A steady rate: batch n leaves at n / rate seconds, from the clients in turn.
  const clients = seed.coaches.flatMap((coach) => coach.clients);
  const total = batchesPerSecond * loadSeconds;
  let batchErrors = 0;
  const errorStatuses: Record<string, number> = {};
  const refused = (status: number) => {
    batchErrors++;
    errorStatuses[status] = (errorStatuses[status] ?? 0) + 1;
  };
  const started = performance.now();
  const sends: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const wait = started + (n * 1000) / batchesPerSecond - performance.now();
    if (wait > 0) await delay(wait);
    const client = clients[n % clients.length] as { personId: string; token: string };
    sends.push(
      fetch(`${batchesServer.url}/api/device-metrics/batches`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          samples: [
            {
              id: randomUUID(),
              kind: 'hrv',
              value: 40 + (n % 40),
              measuredAt: new Date(Date.now() - 3_600_000).toISOString(),
            },
          ],
          sessions: [],
        }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status !== 200) {
            refused(response.status);
            return;
          }
          batchAcks.acknowledged(client.personId);
        },
        () => refused(0),
      ),
    );
  }
  await Promise.all(sends);
  const sentSeconds = (performance.now() - started) / 1000;
  // The last changes' events: the coalescing second and the way over.
  await delay(3000);

  // Messages: one per client, a coach's clients `coachCount / messagesPerSecond` s apart (the
  // first client of every coach, then the second), at a steady rate through the batches' server.
  const writers = Array.from({ length: clientsPerCoach }, (_, index) =>
    seed.coaches.flatMap((coach) => coach.clients.slice(index, index + 1)),
  ).flat();
  let messageErrors = 0;
  const messageErrorStatuses: Record<string, number> = {};
  const messageRefused = (status: number) => {
    messageErrors++;
    messageErrorStatuses[status] = (messageErrorStatuses[status] ?? 0) + 1;
  };
  const messagesStarted = performance.now();
  const messageSends: Promise<void>[] = [];
  for (const [n, client] of writers.entries()) {
    const wait = messagesStarted + (n * 1000) / messagesPerSecond - performance.now();
    if (wait > 0) await delay(wait);
    const acknowledged = messageAcks.sending(client.personId);
    messageSends.push(
      fetch(`${batchesServer.url}/api/messaging/clients/${client.personId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: randomUUID(), text: `How was today? ${n}` }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status !== 201) {
            messageRefused(response.status);
            return;
          }
          acknowledged();
        },
        () => messageRefused(0),
      ),
    );
  }
  await Promise.all(messageSends);
  const messagesSeconds = (performance.now() - messagesStarted) / 1000;
  await delay(3000);
  for (const close of closers) close();

  const sorted = [...batchAcks.latencies].sort((a, b) => a - b);
  const messageSorted = [...messageAcks.latencies].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  const figures: ModeFigures = {
    streams: closers.length,
    memoryBeforeKb,
    memoryWithStreamsKb,
    memoryPerStreamKb: round((memoryWithStreamsKb - memoryBeforeKb) / closers.length),
    rssBeforeKb,
    rssWithStreamsKb,
    idleCpuPercent,
    idleCpuBeforePercent,
    batchesSent: total,
    batchesPerSecond: round(total / sentSeconds),
    batchErrors,
    errorStatuses,
    fanOutP50Ms: round(percentile(sorted, 0.5)),
    fanOutP95Ms: round(percentile(sorted, 0.95)),
    fanOutMaxMs: round(sorted.at(-1) ?? Number.NaN),
    missed: batchAcks.missed(),
    messagesSent: writers.length,
    messagesPerSecond: round(writers.length / messagesSeconds),
    messageErrors,
    messageErrorStatuses,
    messageP50Ms: round(percentile(messageSorted, 0.5)),
    messageP95Ms: round(percentile(messageSorted, 0.95)),
    messageMaxMs: round(messageSorted.at(-1) ?? Number.NaN),
    messagesMissed: messageAcks.missed(),
    messagesNamedBeforeAcknowledged: messageAcks.namedBeforeAcknowledged(),
    messageSpacingSeconds: round(seed.coaches.length / messagesPerSecond),
  };
  return figures;
}

/** Both modes: PGlite with one process, and PostgreSQL (`adminUrl`) with two. */
export async function runLiveStreamsBench(adminUrl: string) {
  const secret = randomBytes(32).toString('hex');
  const seedShape = `${coachCount}x${clientsPerCoach}`;

  const embedded = await startLiveServer({ BENCH_SECRET: secret, BENCH_SEED: seedShape });
  let pglite: ModeFigures;
  try {
    if (!embedded.seed) throw new Error('the live server sent no seed');
    pglite = await measureMode(embedded, embedded, embedded.seed);
  } finally {
    await embedded.stop();
  }

  const database = await freshPostgresDatabase(adminUrl);
  let postgres: ModeFigures;
  try {
    const streamsServer = await startLiveServer({
      BENCH_SECRET: secret,
      BENCH_SEED: seedShape,
      BENCH_DATABASE_URL: database.url,
    });
    const batchesServer = await startLiveServer({
      BENCH_SECRET: secret,
      BENCH_DATABASE_URL: database.url,
    });
    try {
      if (!streamsServer.seed) throw new Error('the live server sent no seed');
      postgres = await measureMode(streamsServer, batchesServer, streamsServer.seed);
    } finally {
      await Promise.all([streamsServer.stop(), batchesServer.stop()]);
    }
  } finally {
    await database.drop();
  }
  return { pglite, postgres };
}
