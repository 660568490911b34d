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
    const code = bundle("export { coachSystem } from './system.ts';");
    // Its definition, the system built from the token data, and the one built in full when
    // coachSystem's _config or _global is read.
    expect(code.match(/\bcreateSystem\d*\(/g)).toHaveLength(3);
    expect(code).not.toMatch(/createSystem\d*\(defaultConfig\d*\)/);
  }, 30_000);

  it("gives CoachUiProvider a system that leaves Chakra's tokens and global styles out of a bundle", () => {
    const code = bundle("export { CoachUiProvider } from './CoachUiProvider.tsx';");
    expect(code.match(/\bcreateSystem\d*\(/g)).toHaveLength(2); // its definition, and one
    expect(code).not.toContain('createCoachSystemInFull');
  }, 30_000);
});

/** What an app bundles from `input`: the modules it needs, without React and emotion. */
function bundle(input: string): string {
  // esbuild runs as a child process: its API refuses the DOM test environment's TextEncoder.
  const esbuild = createRequire(import.meta.url).resolve('esbuild/bin/esbuild');
  return execFileSync(
    esbuild,
    [
      '--bundle',
      '--format=esm',
      '--log-level=error',
      '--jsx=automatic',
      '--external:react*',
      '--external:@emotion/*',
    ],
    { input, cwd: import.meta.dirname },
  ).toString();
}
