import { randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, coach } from './harness/coach.ts';
import { templateDataDirVariable } from './harness/paths.ts';
import { type ServerProcess, startServerProcess } from './harness/serverProcess.ts';

// The server process killed with SIGKILL (a crash, an OOM kill, a power cut) in the middle of
// writes, then started again on the same embedded database folder, as an operator's supervisor
// would: every write it acknowledged is there, a client's retry stores nothing twice, a phase
// change is all or nothing, and a second process on the folder is refused with a clear message.
// No browser: the callers are the client app and the coach app, as HTTP.

let dataDir: string;
let server: ServerProcess | null = null;

/** Starts the product on the test's data folder (the demo data of the run's template). */
async function start(): Promise<ServerProcess> {
  server = await startServerProcess({ DATA_DIR: dataDir });
  return server;
}

beforeAll(() => {
  const template = process.env[templateDataDirVariable];
  if (!template) throw new Error('the e2e global setup made no template data folder');
  dataDir = mkdtempSync(join(tmpdir(), 'coach-crash-data-'));
  cpSync(template, dataDir, { recursive: true });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: unknown };

// Node's fetch (undici) reports here when a request's body has gone out.
const bodySentChannel = 'undici:request:bodySent';

/** One JSON call; a call the dying server never answers is status 0. */
async function call(
  url: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * Resolves once this process's fetch has sent the whole request to `path`, headers and body (the
 * server has it); rejects after 20 s.
 */
function requestSent(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const bound = setTimeout(() => {
      unsubscribe(bodySentChannel, onSent);
      reject(new Error(`No request to ${path} was sent`));
    }, 20_000);
    function onSent(message: unknown) {
      if ((message as { request: { path: string } }).request.path !== path) return;
      unsubscribe(bodySentChannel, onSent);
      clearTimeout(bound);
      resolve();
    }
    subscribe(bodySentChannel, onSent);
  });
}

async function signIn(url: string, account: { email: string; password: string }) {
  const answer = await call(url, 'POST', '/api/auth/login', { body: account });
  expect(answer.status).toBe(200);
  return (answer.body as { accessToken: string }).accessToken;
}

type Batch = { samples: { id: string; kind: string; value: number; measuredAt: string }[] };

/** A batch of `size` pulse samples with ids of their own, measured over the last minutes. */
function newBatch(size: number): Batch {
  const now = Date.now();
  return {
    samples: Array.from({ length: size }, (_, index) => ({
      id: randomUUID(),
      kind: 'pulse',
      value: 55 + (index % 30),
      measuredAt: new Date(now - index * 1000).toISOString(),
    })),
  };
}

type BatchResult = {
  accepted: { samples: number; sessions: number };
  duplicates: { samples: number; sessions: number };
};

// Each test starts the server several times (seconds each on a busy machine): minutes, not the
// project's 45 s.
describe('a server killed mid-write', () => {
  it('keeps every acknowledged ingestion, and stores nothing twice when the client retries', async () => {
    const first = await start();
    const token = await signIn(first.url, client);
    const batchSize = 50;
    const acknowledged: Batch[] = [];
    const unanswered: Batch[] = [];
    let killed = false;
    // Four client devices send one batch after another until the process dies under them.
    const devices = Array.from({ length: 4 }, async () => {
      while (!killed) {
        const batch = newBatch(batchSize);
        const answer = await call(first.url, 'POST', '/api/device-metrics/batches', {
          token,
          body: batch,
        });
        if (answer.status === 200) acknowledged.push(batch);
        else {
          unanswered.push(batch);
          expect(answer.status).toBe(0);
        }
      }
    });
    // Killed once writes are flowing, between and during transactions.
    try {
      await expect
        .poll(() => acknowledged.length, { timeout: 60_000, interval: 20 })
        .toBeGreaterThanOrEqual(12);
    } finally {
      killed = true;
    }
    await first.kill();
    await Promise.all(devices);
    expect(unanswered.length).toBeGreaterThan(0);

    const second = await start();
    const again = await signIn(second.url, client);
    const resend = async (batch: Batch) => {
      const answer = await call(second.url, 'POST', '/api/device-metrics/batches', {
        token: again,
        body: batch,
      });
      expect(answer.status).toBe(200);
      return answer.body as BatchResult;
    };
    // Every batch the dead process acknowledged is stored, whole.
    for (const batch of acknowledged) {
      expect(await resend(batch)).toEqual({
        accepted: { samples: 0, sessions: 0 },
        duplicates: { samples: batchSize, sessions: 0 },
      });
    }
    // A batch it never answered is stored whole or not at all, and the retry completes it.
    for (const batch of unanswered) {
      const { accepted, duplicates } = await resend(batch);
      expect([0, batchSize]).toContain(accepted.samples);
      expect(accepted.samples + duplicates.samples).toBe(batchSize);
    }
    // A second retry of everything stores nothing.
    for (const batch of [...acknowledged, ...unanswered]) {
      expect((await resend(batch)).accepted.samples).toBe(0);
    }
    await second.stop();
  }, 120_000);

  it('changes a phase all or nothing, and once', async () => {
    let current = await start();
    let token = await signIn(current.url, coach);
    const list = await call(current.url, 'GET', '/api/analytics/clients', { token });
    const ids = (list.body as { clients: { clientId: string }[] }).clients.map((c) => c.clientId);
    type Journey = { currentStep: string; steps: unknown[]; nextPhase: string | null };
    const journeyOf = async (id: string) => {
      const answer = await call(current.url, 'GET', `/api/journey/clients/${id}/journey`, {
        token,
      });
      expect(answer.status).toBe(200);
      return answer.body as Journey;
    };
    const movable: { id: string; before: Journey }[] = [];
    for (const id of ids) {
      const journey = await journeyOf(id);
      if (journey.nextPhase) movable.push({ id, before: journey });
      if (movable.length === 3) break;
    }
    expect(movable.length).toBe(3);

    // Each change is sent, and the process killed: before the request reaches it, once it has
    // the whole request (while it handles it), and once it has answered.
    const killMoments = ['before', 'sent', 'answered'] as const;
    for (const [round, { id, before }] of movable.entries()) {
      const moment = killMoments[round];
      const body = {
        nextPhase: before.nextPhase,
        goals: ['breathing'],
        bpm: 6,
        goalChoices: ['calm'],
      };
      const path = `/api/journey/clients/${id}/phase`;
      const sent = moment === 'sent' ? requestSent(path) : null;
      const change = call(current.url, 'POST', path, { token, body });
      await sent;
      if (moment === 'answered') await change;
      await current.kill();
      const answered = await change;
      if (moment === 'answered') expect(answered.status).toBe(200);

      current = await start();
      token = await signIn(current.url, coach);
      const after = await journeyOf(id);
      if (answered.status === 200) {
        expect(after.currentStep).toBe(before.nextPhase);
      }
      // All or nothing: the journey is the one before, or the one after with its new step.
      if (after.currentStep === before.currentStep) {
        expect(after.steps).toEqual(before.steps);
      } else {
        expect(after.currentStep).toBe(before.nextPhase);
        expect(after.steps).toHaveLength(before.steps.length + 1);
      }
      // The coach's retry: applied now, or refused as done; never a second new step.
      const retry = await call(current.url, 'POST', `/api/journey/clients/${id}/phase`, {
        token,
        body,
      });
      expect([200, 409]).toContain(retry.status);
      const final = await journeyOf(id);
      expect(final.currentStep).toBe(before.nextPhase);
      expect(final.steps).toHaveLength(before.steps.length + 1);
    }
    await current.stop();
  }, 240_000);

  it('refuses a second process on the same data folder with a clear message', async () => {
    const running = await start();
    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(
      /in use by another process/,
    );
    // The first process is untouched by the attempt.
    expect((await call(running.url, 'GET', '/api/health')).status).toBe(200);
    const token = await signIn(running.url, coach);
    expect((await call(running.url, 'GET', '/api/analytics/clients', { token })).status).toBe(200);
  });
});
