import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../packages/server/test/freePort.ts';
import { waitUntil } from './waitUntil.ts';

/** The server's entry point, as `npm start` runs it without the demo's history. */
const serverMain = resolve(import.meta.dirname, '../packages/server/src/main.ts');

/**
 * The product as a process of its own on a free loopback port, with `env` on top of a clean
 * environment (PATH, TZ=UTC, PORT, HOST), once it says it is running (60 s at most), until
 * `stop` (SIGTERM, then its exit). The server's tests have `withServerProcess`
 * (packages/server/test/serverProcess.ts), which waits inside a test; this one starts in a
 * file's `beforeAll` and serves all its tests.
 */
export async function startProductProcess(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    env: {
      PATH: process.env.PATH ?? '',
      TZ: 'UTC',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const hasEnded = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!hasEnded()) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntil(
      'the product to say it is running',
      () => hasEnded() || output.includes('Coach is running'),
      60_000,
    );
    if (hasEnded()) throw new Error('The product stopped before it was running');
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}:\n${output}`);
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}
