// Real server processes for the load: packages/server/src/main.ts with the production V8 flags
// (src/nodeFlags.ts), the services as `npm start` runs them but for the demo seed (the load runs
// with DEMO_SEED=0), on a loopback port, its log in a file (a log line per request: the
// production logger is part of what is measured).
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serverNodeFlags } from '../../packages/server/src/nodeFlags.ts';
import { freePort } from '../../packages/server/test/freePort.ts';

const mainScript = resolve(import.meta.dirname, '../../packages/server/src/main.ts');

export type ServerProcess = { url: string; child: ChildProcess; logFile: string };

/** Starts a server process with `env` and resolves once /api/health answers. */
export async function startServer(
  name: string,
  env: NodeJS.ProcessEnv,
  logDir: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const logFile = join(logDir, `${name}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...serverNodeFlags, mainScript], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      // A few virtual users write and read what a practice does, from one machine: the load
      // measures the work, so the per-address caps, the clients' write quotas and the accounts'
      // read limit are lifted.
      PER_ADDRESS_LIMITS: '0',
      CLIENT_WRITE_QUOTAS: '0',
      CLIENT_READ_LIMIT: '0',
      // The log of a deployment: JSON lines, as with NODE_ENV=production.
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`server ${name} exited with ${code}: ${tail(logFile)}`)),
    );
  });
  const ready = (async () => {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`${url}/api/health`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 200));
    }
    throw new Error(`server ${name} did not answer /api/health within 120 s: ${tail(logFile)}`);
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    await stopServer({ url, child, logFile });
    throw error;
  }
  exited.catch(() => {});
  return { url, child, logFile };
}

/** Stops a server as a deployment would (SIGTERM: it closes its connections and database). */
export function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

/** The last lines of a log, for an error message. */
export function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Log lines at level error or above (pino's JSON lines; level 50 and 60). */
export function errorLines(file: string, max = 10): string[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line))
    .slice(0, max)
    .map((line) => line.slice(0, 600));
}
