import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { coachConfig, coachSystem } from './system.ts';

/** The value each CSS variable has on a light page: `_light` rules win over the base ones. */
function lightValues(system: typeof coachSystem): Map<string, string> {
  const byCondition = system.tokens.cssVarMap;
  return new Map([...(byCondition.get('base') ?? []), ...(byCondition.get('_light') ?? [])]);
}

describe('coachSystem', () => {
  it('builds no dark-mode tokens, and every variable keeps its light value', () => {
    const withDarkMode = createSystem(defaultConfig, coachConfig);
    expect([...coachSystem.tokens.cssVarMap.keys()]).toEqual(['base']);
    expect(JSON.stringify(coachSystem._global)).not.toContain('.dark');
    expect(lightValues(coachSystem)).toEqual(lightValues(withDarkMode));
  });

  it("does not also build Chakra's default system when bundled", () => {
    // What an app bundles: coachSystem and the modules it needs. esbuild runs as a child process:
    // its API refuses the DOM test environment's TextEncoder.
    const esbuild = createRequire(import.meta.url).resolve('esbuild/bin/esbuild');
    const code = execFileSync(
      esbuild,
      [
        '--bundle',
        '--format=esm',
        '--log-level=error',
        '--external:react*',
        '--external:@emotion/*',
      ],
      { input: "export { coachSystem } from './system.ts';", cwd: import.meta.dirname },
    ).toString();
    expect(code.match(/\bcreateSystem\d*\(/g)).toHaveLength(2); // its definition, and coachSystem
    expect(code).not.toMatch(/createSystem\d*\(defaultConfig\d*\)/);
  }, 30_000);
});
