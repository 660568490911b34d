import { describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { healthLogEvery } from './logging.ts';

describe('the request log of the health check', () => {
  it('logs the first healthy health check and then one in every healthLogEvery, and every other request', async () => {
    const lines: string[] = [];
    const app = await buildServer(
      { port: 0, host: '127.0.0.1', staticDir: null, isFrontendCspStrict: false },
      { logger: true, logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const requestLines = (path: string) =>
        lines
          .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
          .filter((record) => record.msg === 'request completed' && record.req?.url === path);
      for (let index = 0; index < 2 * healthLogEvery + 1; index += 1) {
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      }
      expect(requestLines('/api/health')).toHaveLength(3);
      for (let index = 0; index < 3; index += 1) await app.inject({ url: '/api/nothing-here' });
      expect(requestLines('/api/nothing-here')).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
