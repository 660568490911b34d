import type { Socket } from 'node:net';
import { expect, vi } from 'vitest';
import { signedPicturePath } from '../src/services/core/index.ts';
import { insertReport } from '../src/services/resource/reports/reportStore.ts';
import { seedPerson } from './analytics.ts';
import { signInForTest, type TestUser } from './auth.ts';
import { clientAddress, requestFrom } from './fromAddress.ts';
import { makeLargePng } from './images.ts';
import { type NonReader, requestWithoutReading } from './nonReaders.ts';
import type { TestServer } from './testServer.ts';

// Clients that ask for a large answer (a profile picture of 3 or 7 MB through its signed URL, a
// PDF report) and never read it, against the real server over real sockets, while another coach
// uses the API: what that coach gets, what the server holds meanwhile, and when the held
// connections are closed. Shared by slowReaders.test.ts (20 clients) and
// slowReadersCrowd.test.ts (200).

/** The bounds of the waits: they catch a hang, they are not what is measured. */
export const hangGuard = { timeout: 60_000, interval: 20 };

/**
 * The other coach's list answers while the non-readers are held: its p95 stays under this. An API
 * that waited on them would answer after their stall grace (seconds); a busy or slow machine
 * answers in tens or hundreds of ms (223 ms once on a slow one, where a bound of 200 ms failed the
 * gate). How fast it answers is measured by `npm run reliability -- hostile`, not here.
 */
export const answeringMs = 2_000;

/** The server's open connections, by the client's end (a non-reader's closing is seen here). */
export function trackConnections(server: TestServer) {
  const open = new Map<string, Socket>();
  /** When each connection closed (`performance.now()`), by its end. */
  const closedAt = new Map<string, number>();
  server.app.server.on('connection', (socket: Socket) => {
    // Each address has ports of its own: a port alone names no connection.
    const end = `${socket.remoteAddress}:${socket.remotePort}`;
    open.set(end, socket);
    socket.once('close', () => {
      open.delete(end);
      closedAt.set(end, performance.now());
    });
  });
  return {
    isOpen: (reader: NonReader) => open.has(reader.end),
    /** How long after its request `reader`'s connection was closed, ms (undefined: still open). */
    heldForMs: (reader: NonReader) => {
      const at = closedAt.get(reader.end);
      return at === undefined ? undefined : at - reader.sentAt;
    },
    socketOf: (reader: NonReader) => open.get(reader.end),
    /** Bytes of answers waiting in the process, on the connections of `readers`. */
    waitingBytes: (readers: NonReader[]) =>
      readers.reduce((sum, reader) => sum + (open.get(reader.end)?.writableLength ?? 0), 0),
    /** How many of `readers` have an answer waiting in the process. */
    waitingCount: (readers: NonReader[]) =>
      readers.filter((reader) => (open.get(reader.end)?.writableLength ?? 0) > 0).length,
  };
}

/** What the non-readers ask for: pictures of 3 and 7 MB and a 3 MB report (with its token). */
export type LargeAnswers = {
  paths: { path: string; token?: string }[];
  /** Another coach, with clients, and their token. */
  other: { coach: TestUser; token: string };
};

/** Uploads the pictures, stores the report and seeds the other coach. */
export async function seedLargeAnswers(server: TestServer): Promise<LargeAnswers> {
  const { baseUrl } = server;
  const coach = await seedPerson(server, { email: 'coach@example.com', type: 'coach' });
  const clients = await Promise.all(
    [1, 2].map((index) =>
      seedPerson(server, {
        email: `client-${index}@example.com`,
        type: 'user',
        coachPersonId: coach.personId,
      }),
    ),
  );
  const paths: LargeAnswers['paths'] = [];
  for (const [index, megabytes] of [3, 7].entries()) {
    const owner = clients[index] as TestUser;
    const token = await signInForTest(server, owner.userId);
    // Uploaded as a client would: the picture's owner, then its signed URL needs no token.
    const upload = await fetch(`${baseUrl}/api/resource/profilePicture/${owner.personId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: new Uint8Array(makeLargePng(megabytes * 1_000_000)),
    });
    expect(upload.status).toBe(200);
    paths.push({ path: `/api/${signedPicturePath(server.context, owner.personId)}` });
  }
  const client = clients[0] as TestUser;
  const report = await server.database.transaction((tx) =>
    insertReport(
      tx,
      {
        organisationId: server.database.organisationId,
        clientId: client.personId,
        coachId: coach.personId,
      },
      {
        authorName: 'Coach',
        period: { from: '2025-05-01', to: '2025-05-31' },
        phase: 'learn',
        phaseDay: 3,
        // The route serves what is stored: bytes of a PDF's size are enough here.
        bytes: new Uint8Array(
          Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3_000_000, 0x20)]),
        ),
      },
    ),
  );
  paths.push({
    path: `/api/resource/clients/${client.personId}/reports/${report.id}`,
    token: await signInForTest(server, coach.userId),
  });

  const otherCoach = await seedPerson(server, { email: 'other@example.com', type: 'coach' });
  for (const index of [1, 2, 3]) {
    await seedPerson(server, {
      email: `other-client-${index}@example.com`,
      type: 'user',
      coachPersonId: otherCoach.personId,
    });
  }
  return {
    paths,
    other: { coach: otherCoach, token: await signInForTest(server, otherCoach.userId) },
  };
}

/** `promise`, or a failure once the hang guard's time has passed. */
function withinHangGuard<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${hangGuard.timeout} ms`)),
      hangGuard.timeout,
    );
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

/** p-th percentile (0..1) of some values, nearest rank. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

export type HeldFigures = {
  readers: number;
  /** Bytes of their answers waiting in the server once all had one, and per reader. */
  waitingBytes: number;
  /** The other coach's clients-list calls meanwhile: how many, their p95 and slowest, ms. */
  calls: number;
  p95Ms: number;
  maxMs: number;
  /** Every /api/health answer meanwhile: its status, and its body's. */
  health: string[];
  /** The requests at work at the admission gate in those answers. */
  atWork: number[];
  rssGrowthBytes: number;
  /** From the first request of a non-reader to the end of the measurement, ms. */
  heldMs: number;
  /** How many of them were still open when the measurement ended (all, within the grace). */
  openAtTheEnd: number;
};

/**
 * Holds `count` non-readers from five addresses on the large answers, then measures the other
 * coach's clients list (`calls` calls, one at a time from an address of its own) and the health
 * check while every one of them is still held; answers the figures. The caller checks them and
 * that the non-readers are closed afterwards.
 */
export async function holdNonReaders(
  server: TestServer,
  answers: LargeAnswers,
  count: number,
  calls: number,
): Promise<{
  readers: NonReader[];
  figures: HeldFigures;
  connections: ReturnType<typeof trackConnections>;
}> {
  const connections = trackConnections(server);
  let arrivals = 0;
  const countArrival = () => {
    arrivals += 1;
  };
  server.app.server.on('request', countArrival);
  const rssBefore = process.memoryUsage().rss;
  const startedAt = performance.now();
  const readers: NonReader[] = [];
  for (let index = 0; index < count; index += 1) {
    // Half on the 7 MB picture, a quarter each on the 3 MB one and the report.
    const target = answers.paths[[1, 0, 1, 2][index % 4] ?? 0] as LargeAnswers['paths'][number];
    readers.push(
      await requestWithoutReading(
        server.baseUrl,
        clientAddress(index % 5),
        target.path,
        target.token,
      ),
    );
  }
  // Every request has arrived and nothing moves any more: each answer has filled the kernel's
  // buffers (on loopback they take about 4 MB a connection, so a 3 MB answer goes there whole
  // and its connection then idles) and what remains waits in the server, or waits for a turn.
  let lastSent = '';
  let stillPolls = 0;
  await vi.waitFor(async () => {
    const sent = readers.map((reader) => connections.socketOf(reader)?.bytesWritten ?? 0).join();
    stillPolls = arrivals === count && sent === lastSent ? stillPolls + 1 : 0;
    lastSent = sent;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stillPolls).toBeGreaterThanOrEqual(3);
  }, hangGuard);
  server.app.server.off('request', countArrival);
  const waitingBytes = connections.waitingBytes(readers);

  const durations: number[] = [];
  const health: string[] = [];
  const atWork: number[] = [];
  const { token } = answers.other;
  for (let call = 0; call < calls; call += 1) {
    const started = performance.now();
    const answer = await withinHangGuard(
      requestFrom(server.baseUrl, clientAddress(50), { path: '/api/analytics/clients', token }),
    );
    durations.push(performance.now() - started);
    expect(answer.status).toBe(200);
    if (call % 5 === 0) {
      const check = await fetch(`${server.baseUrl}/api/health`, {
        signal: AbortSignal.timeout(hangGuard.timeout),
      });
      const body = (await check.json()) as { status: string; admission: { atWork: number } };
      health.push(`${check.status} ${body.status}`);
      atWork.push(body.admission.atWork);
    }
  }
  const rssGrowthBytes = process.memoryUsage().rss - rssBefore;
  const heldMs = performance.now() - startedAt;
  return {
    readers,
    connections,
    figures: {
      readers: count,
      waitingBytes,
      calls,
      p95Ms: percentile(durations, 0.95),
      maxMs: Math.max(...durations),
      health,
      atWork,
      rssGrowthBytes,
      heldMs,
      openAtTheEnd: readers.filter(connections.isOpen).length,
    },
  };
}

/**
 * Every one of `readers` is closed, and none sooner than `graceMs` after its request: the server
 * held each through the grace (so through the measure, on a machine that measures within it) and
 * then let it go. Times, not a count of the open ones at some moment, so a slow machine that takes
 * longer than the grace to gather and measure them fails nothing that holds.
 */
export async function expectHeldThroughTheGraceThenClosed(
  readers: NonReader[],
  connections: ReturnType<typeof trackConnections>,
  graceMs: number,
) {
  await vi.waitFor(() => expect(readers.filter(connections.isOpen)).toHaveLength(0), hangGuard);
  const closedSooner = readers
    .map((reader) => connections.heldForMs(reader) ?? Number.NaN)
    .filter((heldMs) => !(heldMs >= graceMs));
  expect(closedSooner, `closed sooner than the grace of ${graceMs} ms, ms`).toEqual([]);
}
