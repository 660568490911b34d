import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export type ServerConfig = {
  port: number;
  host: string;
  /** Folder of the web front end served beside `/api`, or null to serve the API only. */
  staticDir: string | null;
  /**
   * Whether the strict Content-Security-Policy also covers the front end. Storybook (served
   * until the coach app lands) needs inline scripts, so it is served without it.
   */
  isFrontendCspStrict: boolean;
};

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Reads the configuration from the environment; throws a clear message when it is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got '${env.PORT}'`);
  }
  const staticDir = env.STATIC_DIR
    ? resolve(env.STATIC_DIR)
    : resolve(repoRoot, 'storybook-static');
  if (env.STATIC_DIR && !existsSync(staticDir)) {
    throw new Error(`STATIC_DIR '${env.STATIC_DIR}' does not exist`);
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    staticDir: existsSync(staticDir) ? staticDir : null,
    isFrontendCspStrict: Boolean(env.STATIC_DIR),
  };
}
