import { spawnSync } from 'node:child_process';

/**
 * Runs one of Debian's Prometheus tools (`promtool`, `prometheus`) to its end: its status and
 * what it printed. A missing tool fails with the command that installs it.
 */
export function runTool(tool: string, args: string[], options: { cwd?: string } = {}) {
  const run = spawnSync(tool, args, { cwd: options.cwd, encoding: 'utf8', timeout: 30_000 });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(`${tool} is not installed: \`npm run test:ops\` installs Debian's prometheus`);
  }
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
