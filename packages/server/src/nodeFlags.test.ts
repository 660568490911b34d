import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './nodeFlags.ts';

const repository = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(resolve(repository, path), 'utf8');
const command = `node ${serverNodeFlags.join(' ')} `;

describe("the server's V8 flags", () => {
  it('are the same in the deploy command, the package start script and the load servers', () => {
    const deploy = /<!-- deploy:start[^>]*-->\s*```sh\n([^`]*)```/.exec(read('docs/deploying.md'));
    expect(deploy?.[1]).toContain(`${command}packages/server/src/main.ts`);
    const manifest = JSON.parse(read('packages/server/package.json')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start).toBe(`${command}src/main.ts`);
    // The load starts its servers with the same flags (reliability/load/servers.ts).
    expect(read('reliability/load/servers.ts')).toContain('[...serverNodeFlags, mainScript]');
  });
});
