// The `slow-readers` check: the product as deployed (packages/server/src/main.ts, its default
// limits, per-address caps on) while 200 clients from five addresses ask for a large answer (a
// profile picture of 3 or 7 MB through its signed URL, a 3 MB PDF report) and never read it.
// Meanwhile another coach's clients list is called one call at a time from an address of its
// own, and /api/health is asked, as they were for as long before the non-readers came.
// Recorded, on PostgreSQL and on the embedded PGlite: the calls answered and their p95, the
// health answers, the server's resident memory against the same use without the non-readers,
// and how long the server holds their connections (the kernel's view of the server's sockets,
// /proc/net/tcp: Linux only).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { defaultOrganisationId } from '../packages/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../packages/server/src/db/index.ts';
import { insertReport } from '../packages/server/src/services/resource/reports/reportStore.ts';
import { createUserWithProfile } from '../packages/server/test/auth.ts';
import { freePort } from '../packages/server/test/freePort.ts';
import { makeLargePng } from '../packages/server/test/images.ts';
import { requestWithoutReading } from '../packages/server/test/nonReaders.ts';
import { type CheckResult, type Figure, markdownTable, round } from './harness.ts';
import { startServer, stopServer } from './load/servers.ts';
import { percentile } from './load/stats.ts';

const readerCount = Number(process.env.RELIABILITY_SLOW_READERS ?? 200);
/**
 * How long the other coach's calls are measured, without the non-readers and then from when
 * they are all held: until about 35 s into the hold, before the stall rule's grace and window
 * (40 s) end, so that the server's memory is read while it holds all of them and still works.
 */
const measureMs = 30_000;
/** How long the non-readers are watched until all are closed, from their requests, ms. */
const watchMs = 110_000;
const databaseName = 'coach_reliability_slow_readers';
const password = 'Password1';
// Memory: what the non-readers hold is bounded by the large answers under way (64 of a 128 KiB
// chunk); the resident size also counts the garbage of the answers the kernel took whole and
// the heap's growth under the calls. 128 MiB is an eighth of the 200 answers held whole.
const goals = { p95Ms: 200, rssGrowthKb: 128 * 1024 };

function log(message: string) {
  console.error(`slow-readers: ${message}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The accounts and the stored report the check uses. */
async function seed(database: DatabaseHandle) {
  const account = (email: string, type: 'coach' | 'user', coachPersonId: string | null = null) =>
    createUserWithProfile(database, { email, password, type, coachPersonId });
  const coach = await account('coach@example.com', 'coach');
  const pictureOwners = [
    await account('client-3mb@example.com', 'user', coach.personId),
    await account('client-7mb@example.com', 'user', coach.personId),
  ];
  const other = await account('other@example.com', 'coach');
  for (const index of [1, 2, 3]) {
    await account(`other-client-${index}@example.com`, 'user', other.personId);
  }
  const report = await database.transaction((tx) =>
    insertReport(
      tx,
      {
        organisationId: database.organisationId,
        clientId: pictureOwners[0]?.personId ?? '',
        coachId: coach.personId,
      },
      {
        authorName: 'Coach',
        period: { from: '2025-05-01', to: '2025-05-31' },
        phase: 'learn',
        phaseDay: 3,
        bytes: new Uint8Array(
          Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3_000_000, 0x20)]),
        ),
      },
    ),
  );
  return { coach, pictureOwners, other, report };
}

async function signIn(url: string, email: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${email}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** An IPv4 address and port as /proc/net/tcp writes them: `0C00007F:1F90` for 127.0.0.12:8080. */
function kernelEnd(address: string, port: number): string {
  const bytes = address.split('.').map(Number).reverse();
  const hex = (value: number, digits: number) =>
    value.toString(16).toUpperCase().padStart(digits, '0');
  return `${bytes.map((byte) => hex(byte, 2)).join('')}:${hex(port, 4)}`;
}

/**
 * The server's side of the non-readers' connections, by the kernel's view (/proc/net/tcp): those
 * the server still holds open (ESTABLISHED), and those it has closed whose last bytes and end the
 * kernel still tries to send to a client that reads nothing (FIN_WAIT1, CLOSING, LAST_ACK).
 */
function serverSide(serverPort: number, sockets: Socket[]) {
  const local = kernelEnd('127.0.0.1', serverPort);
  const ends = new Set(
    sockets.map((socket) => kernelEnd(socket.localAddress ?? '', socket.localPort ?? 0)),
  );
  let open = 0;
  let closing = 0;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, localEnd, remoteEnd, state] = line.trim().split(/\s+/);
    if (localEnd !== local || !remoteEnd || !ends.has(remoteEnd)) continue;
    if (state === '01') open += 1;
    else if (state === '04' || state === '0B' || state === '09') closing += 1;
  }
  return { open, closing };
}

/** The resident memory of a process, in KB. */
function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

type PartFigures = {
  kind: 'postgres' | 'pglite';
  readers: number;
  calls: number;
  failedCalls: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The p95 of the same calls before the non-readers came. */
  baselineP95Ms: number;
  health: Record<string, number>;
  rssBeforeKb: number;
  rssPeakKb: number;
  /** The server's resident memory at the end of the measure (all still held). */
  rssHeldKb: number;
  /** Non-readers' connections the server still holds, by seconds since their requests. */
  openAt: Record<string, number>;
  /** Of those it closed, the ones the kernel is still sending to (unread), by seconds. */
  kernelClosingAt: Record<string, number>;
  /** Seconds until the server held none any more (null: not within the watch). */
  allClosedAfterSeconds: number | null;
};

async function runPart(kind: 'postgres' | 'pglite', adminUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'coach-slow-readers-'));
  let databaseUrl: string | null = null;
  if (kind === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set (see scripts/ensure-postgres.sh)');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  log(`${kind}: seeding`);
  const database = await openDatabase({
    dataDir: join(dataDir, 'pglite'),
    databaseUrl,
    organisationId: defaultOrganisationId,
  });
  const people = await seed(database);
  await database.close();

  const server = await startServer(
    `slow-readers-${kind}`,
    {
      DATA_DIR: join(dataDir, kind === 'pglite' ? 'pglite' : 'files'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Nothing is mailed here: a port nobody listens on, as the load check does.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      DEMO_SEED: '0',
      MORNING_MAIL: '0',
      // The product's per-address caps, which the load check lifts.
      PER_ADDRESS_LIMITS: '1',
    },
    dataDir,
  );
  const readers: Socket[] = [];
  try {
    const { url } = server;
    const pid = server.child.pid ?? 0;
    const paths: { path: string; token?: string }[] = [];
    for (const [index, owner] of people.pictureOwners.entries()) {
      const token = await signIn(url, owner.email);
      const upload = await fetch(`${url}/api/resource/profilePicture/${owner.personId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        body: new Uint8Array(makeLargePng((index === 0 ? 3 : 7) * 1_000_000)),
      });
      if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
      paths.push({ path: `/api/${((await upload.json()) as { url: string }).url}` });
    }
    paths.push({
      path: `/api/resource/clients/${people.pictureOwners[0]?.personId}/reports/${people.report.id}`,
      token: await signIn(url, people.coach.email),
    });
    const otherToken = await signIn(url, people.other.email);
    const callList = async () => {
      const started = performance.now();
      const answer = await fetch(`${url}/api/analytics/clients`, {
        headers: { authorization: `Bearer ${otherToken}` },
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      await answer?.arrayBuffer();
      return { ok: answer?.status === 200, ms: performance.now() - started };
    };
    /** The other coach's calls, one at a time, for `ms`, with the health check every tenth. */
    const measure = async (ms: number) => {
      const durations: number[] = [];
      const health: Record<string, number> = {};
      let failed = 0;
      let rssPeak = rssKb(pid);
      const end = performance.now() + ms;
      for (let call = 0; performance.now() < end; call += 1) {
        const answer = await callList();
        if (answer.ok) durations.push(answer.ms);
        else failed += 1;
        if (call % 10 === 0) {
          const check = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) })
            .then(
              async (answer) =>
                `${answer.status} ${((await answer.json()) as { status: string }).status}`,
            )
            .catch((error: unknown) => String(error));
          health[check] = (health[check] ?? 0) + 1;
        }
        rssPeak = Math.max(rssPeak, rssKb(pid));
        await sleep(10);
      }
      return { durations: durations.sort((x, y) => x - y), health, failed, rssPeak };
    };
    // The same calls without the non-readers: the server's memory in that use is the baseline.
    const baseline = await measure(measureMs);
    const rssBeforeKb = baseline.rssPeak;

    log(`${kind}: ${readerCount} non-readers`);
    const heldAt = performance.now();
    for (let index = 0; index < readerCount; index += 1) {
      // Half on the 7 MB picture, a quarter each on the 3 MB one and the report.
      const target = paths[[1, 0, 1, 2][index % 4] ?? 0] ?? { path: '/' };
      const reader = await requestWithoutReading(
        url,
        `127.0.0.${10 + (index % 5)}`,
        target.path,
        target.token,
      );
      readers.push(reader.socket);
    }
    await sleep(2_000);
    const held = await measure(measureMs);
    const rssHeldKb = rssKb(pid);
    let rssPeakKb = held.rssPeak;

    const serverPort = Number(new URL(url).port);
    const openAt: Record<string, number> = {};
    const kernelClosingAt: Record<string, number> = {};
    let allClosedAfterSeconds: number | null = null;
    while (performance.now() - heldAt < watchMs) {
      const seconds = Math.round((performance.now() - heldAt) / 1000);
      const { open, closing } = serverSide(serverPort, readers);
      if (seconds % 10 === 0) {
        openAt[String(seconds)] = open;
        kernelClosingAt[String(seconds)] = closing;
      }
      rssPeakKb = Math.max(rssPeakKb, rssKb(pid));
      if (open === 0) {
        allClosedAfterSeconds = seconds;
        break;
      }
      await sleep(1_000);
    }
    const sorted = held.durations;
    const figures: PartFigures = {
      kind,
      readers: readerCount,
      calls: sorted.length,
      failedCalls: held.failed,
      baselineP95Ms: round(percentile(baseline.durations, 0.95), 1),
      p50Ms: round(percentile(sorted, 0.5), 1),
      p95Ms: round(percentile(sorted, 0.95), 1),
      maxMs: round(sorted[sorted.length - 1] ?? Number.NaN, 1),
      health: held.health,
      rssBeforeKb,
      rssPeakKb,
      rssHeldKb,
      openAt,
      kernelClosingAt,
      allClosedAfterSeconds,
    };
    log(`${kind}: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    for (const socket of readers) socket.destroy();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function partFigures(part: PartFigures): Figure[] {
  const note = `${part.readers} non-readers from 5 addresses, ${part.kind}`;
  const healthNotOk = Object.entries(part.health)
    .filter(([answer]) => answer !== '200 ok')
    .reduce((sum, [, count]) => sum + count, 0);
  return [
    {
      id: `slow-readers.${part.kind}.calls`,
      label: `Another coach's clients-list calls answered while held, ${part.kind}`,
      value: part.calls,
      unit: 'count',
      better: 'higher',
      goal: { kind: 'absolute', value: 1 },
      note: `${part.failedCalls} failed, in ${measureMs / 1000} s one at a time; ${note}`,
    },
    {
      id: `slow-readers.${part.kind}.p95`,
      label: `Their p95, ${part.kind}`,
      value: part.p95Ms,
      unit: 'ms',
      better: 'lower',
      goal: { kind: 'absolute', value: goals.p95Ms },
      note: `p50 ${part.p50Ms} ms, slowest ${part.maxMs} ms; ${part.baselineP95Ms} ms without them`,
    },
    {
      id: `slow-readers.${part.kind}.health-not-ok`,
      label: `/api/health answers other than 200 ok, ${part.kind}`,
      value: healthNotOk,
      unit: 'count',
      better: 'lower',
      goal: { kind: 'absolute', value: 0 },
      note: `of ${Object.values(part.health).reduce((sum, count) => sum + count, 0)}`,
    },
    {
      id: `slow-readers.${part.kind}.rss-growth`,
      label: `Server resident memory growth about 35 s into the hold, over the same use without them, ${part.kind}`,
      value: part.rssHeldKb - part.rssBeforeKb,
      unit: 'KB',
      better: 'lower',
      goal: { kind: 'absolute', value: goals.rssGrowthKb },
      note: `${Math.round(part.rssBeforeKb / 1024)} MB without them; the peak while they came ${Math.round((part.rssPeakKb - part.rssBeforeKb) / 1024)} MB over it, garbage of the answers sent whole to the kernel included`,
    },
    {
      id: `slow-readers.${part.kind}.all-closed`,
      label: `Seconds until the server holds no non-reader's connection, ${part.kind}`,
      value: part.allClosedAfterSeconds ?? watchMs / 1000,
      unit: 'count',
      better: 'lower',
      // A stalled answer: 20 s grace and a 20 s window; one the kernel took whole: the 72 s
      // keep-alive timeout of an idle connection.
      goal: { kind: 'absolute', value: 80 },
      note: part.allClosedAfterSeconds === null ? `not within ${watchMs / 1000} s` : 'seconds',
    },
  ];
}

export async function runSlowReadersCheck(): Promise<CheckResult> {
  const parts: PartFigures[] = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    parts.push(await runPart(kind, process.env.TEST_DATABASE_URL));
  }
  const seconds = [...new Set(parts.flatMap((part) => Object.keys(part.openAt)))].sort(
    (a, b) => Number(a) - Number(b),
  );
  const markdown = [
    "The non-readers' connections by seconds since they asked: held open by the server, and (in",
    'brackets) closed by it while the kernel still sends their last bytes to a client that reads',
    'nothing (a connection closed once its answer was all in the kernel, at the keep-alive timeout).',
    '',
    markdownTable(
      ['database', ...seconds.map((second) => `${second} s`)],
      parts.map((part) => [
        part.kind,
        ...seconds.map((second) =>
          part.openAt[second] === undefined
            ? ''
            : `${part.openAt[second]} (${part.kernelClosingAt[second] ?? 0})`,
        ),
      ]),
    ),
  ].join('\n');
  return { figures: parts.flatMap(partFigures), details: parts, markdown };
}
