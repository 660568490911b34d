import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../packages/server/test/freePort.ts';
import { waitUntil } from './waitUntil.ts';

/** One series of an instant query's answer. */
export type Sample = { metric: Record<string, string>; value: number };

/** Every second: the tests wait for a scrape after what they did, not for minutes. */
const intervalSeconds = 1;

/**
 * Debian's `prometheus` (`npm run test:ops` installs it) on a free loopback port, with its
 * configuration and storage under `dir`: it scrapes `target` as the job `coach` and evaluates
 * `ruleFiles` every second. Answers its HTTP API's queries; `close` stops it.
 */
export async function startPrometheus({
  dir,
  target,
  ruleFiles,
}: {
  dir: string;
  target: string;
  ruleFiles: string[];
}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      `  scrape_interval: ${intervalSeconds}s`,
      `  scrape_timeout: ${intervalSeconds}s`,
      `  evaluation_interval: ${intervalSeconds}s`,
      'rule_files:',
      ...ruleFiles.map((file) => `  - ${JSON.stringify(file)}`),
      'scrape_configs:',
      '  - job_name: coach',
      '    static_configs:',
      `      - targets: [${JSON.stringify(target)}]`,
      '',
    ].join('\n'),
  );
  const child = spawn(
    'prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'prometheus-data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              "prometheus is not installed: `npm run test:ops` installs Debian's prometheus",
            )
          : error,
      ),
    );
    child.once('exit', (code) => reject(new Error(`prometheus stopped (${code}):\n${output}`)));
  });
  failed.catch(() => {});

  /** GET one of the HTTP API's addresses; its `data`, once it says `success`. */
  const api = async <T>(path: string, parameters: Record<string, string> = {}): Promise<T> => {
    const answer = await fetch(`${url}/api/v1/${path}?${new URLSearchParams(parameters)}`);
    const body = (await answer.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') {
      throw new Error(`Prometheus refused ${path} ${JSON.stringify(parameters)}: ${body.error}`);
    }
    return body.data;
  };

  /** An instant query's series, at `time` (ms) or now. */
  const query = async (expression: string, time?: number): Promise<Sample[]> => {
    const parameters: Record<string, string> = { query: expression };
    if (time !== undefined) parameters.time = (time / 1000).toFixed(3);
    type Answer = { result: { metric: Record<string, string>; value: [number, string] }[] };
    const { result } = await api<Answer>('query', parameters);
    return result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
  };

  const ready = () =>
    waitUntil(
      "Prometheus' readiness",
      async () => (await fetch(`${url}/-/ready`)).status === 200,
      30_000,
    );
  try {
    await Promise.race([ready(), failed]);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }

  return {
    /** GET one of the HTTP API's addresses: its `data`. */
    api,
    /** An instant query's series, at `time` (ms) or now; a value as a number. */
    query,
    /**
     * Waits until Prometheus holds a successful scrape of the target that began after `instant`
     * (ms, the scrape's timestamp); answers that time, at which an instant query reads what the
     * scrape found. (`up` is stored with the scrape's samples, in one commit.)
     */
    async scrapedAfter(instant: number): Promise<number> {
      let scraped = 0;
      await waitUntil(`a scrape after ${new Date(instant).toISOString()}`, async () => {
        // timestamp() of a selector itself is its sample's time: the last scrape's.
        const [last] = await query('timestamp(up{job="coach"})');
        scraped = last ? Math.round(last.value * 1000) : 0;
        return scraped > instant;
      });
      const [up] = await query('up{job="coach"}', scraped);
      if (up?.value !== 1) throw new Error(`The scrape at ${scraped} failed: up is ${up?.value}`);
      return scraped;
    },
    async close() {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

export type Prometheus = Awaited<ReturnType<typeof startPrometheus>>;
