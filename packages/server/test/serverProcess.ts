import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './freePort.ts';

/** The server's entry point, as `npm start` runs it without the demo's history. */
const serverMain = resolve(import.meta.dirname, '../src/main.ts');

/** A server process: its address, its port and what it printed so far. */
export type RunningServer = { url: string; port: number; output: () => string };

/**
 * How long a server process has to say it is running: a hang guard. A first demo start seeds the
 * whole demo, which took more than a minute in CI beside the end-to-end runs on a slow machine.
 */
const startTimeoutMs = 150_000;

/**
 * Runs the server as a process of its own on a free loopback port, with `env` on top of a clean
 * environment (PATH, TZ=UTC, PORT, HOST), and answers once it says it is running (60 s at most),
 * with `stop` (SIGTERM, then its exit). A server that stops or stays silent fails the start with
 * what it printed. It waits in a test or in a hook alike (a file's `beforeAll` serving all its
 * tests).
 */
export async function startServerProcess(
  env: Record<string, string>,
): Promise<RunningServer & { stop: () => Promise<void> }> {
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
  const deadline = Date.now() + startTimeoutMs;
  while (!output.includes('Coach is running')) {
    const failure = hasEnded()
      ? 'The server stopped before it was running'
      : Date.now() > deadline
        ? `The server did not say it was running within ${startTimeoutMs / 1000} s`
        : null;
    if (failure) {
      await stop();
      throw new Error(`${failure}:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { url: `http://127.0.0.1:${port}`, port, output: () => output, stop };
}

/** Runs `use` with a server process (see startServerProcess), stopping it afterwards. */
export async function withServerProcess<T>(
  env: Record<string, string>,
  use: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await startServerProcess(env);
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}
