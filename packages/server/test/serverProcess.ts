import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { freePort } from './freePort.ts';

/** The server's entry point, as `npm start` runs it without the demo's history. */
const serverMain = resolve(import.meta.dirname, '../src/main.ts');

/** A server process while `use` runs: its address, its port and what it printed so far. */
export type RunningServer = { url: string; port: number; output: () => string };

/**
 * Runs the server as a process of its own on a free loopback port, with `env` on top of a clean
 * environment (PATH, TZ=UTC, PORT, HOST), calls `use` once it says it is running (60 s at most),
 * and stops it with SIGTERM afterwards, waiting for its exit.
 */
export async function withServerProcess<T>(
  env: Record<string, string>,
  use: (server: RunningServer) => Promise<T>,
): Promise<T> {
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
  try {
    await expect
      .poll(() => output, { timeout: 60_000, interval: 100 })
      .toContain('Coach is running');
    return await use({ url: `http://127.0.0.1:${port}`, port, output: () => output });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
