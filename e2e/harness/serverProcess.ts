import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { freePort } from '../../packages/server/test/freePort.ts';
import { serverMain } from './paths.ts';

/** A server process started by the harness, with what it printed (for failure reports). */
export type ServerProcess = {
  url: string;
  /** Everything the process printed so far. */
  output: () => string;
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s). */
  stop: () => Promise<void>;
  /** SIGKILL at once (a crash, a power cut): no shutdown of any kind; resolves on the exit. */
  kill: () => Promise<void>;
};

export type ServerProcessOptions = {
  /**
   * A file that gets everything the process prints as well (the shared product's output, which
   * the test workers read: see sharedProduct.ts).
   */
  logFile?: string;
  /** The name the product is reached by (its `APP_URL`'s host): '127.0.0.1' by default. */
  hostName?: 'localhost' | '127.0.0.1';
  /** How long it may take to say it is running, in ms: 180 s by default. */
  startLimitMs?: number;
};

/**
 * Starts `node packages/simulator/src/main.ts` on a free loopback port with `env` on top of a clean
 * environment, and resolves once it says it is running (180 s at most unless `startLimitMs` says
 * otherwise: a first demo seed writes weeks of client history).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // WebAuthn takes no IP address for its relying party: a product for passkeys is at localhost.
  const url = `http://${options.hostName ?? '127.0.0.1'}:${port}`;
  const child = spawn(process.execPath, [serverMain], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TZ: 'UTC',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      // No 07:00 mail among the mail a test waits for, whatever the time of day; the morning
      // mail's own test turns it on.
      MORNING_MAIL: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (options.logFile) appendFileSync(options.logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = () => stopProcess(child);
  try {
    await waitUntilRunning(child, () => output, options.startLimitMs ?? 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  };
  return { url, output: () => output, stop, kill };
}

async function waitUntilRunning(child: ChildProcess, output: () => string, limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (!output().includes('Coach is running on')) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server stopped before it was running:\n${output()}`);
    }
    if (Date.now() > deadline)
      throw new Error(`The server did not start in ${limitMs / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
