import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { systemMembers } from './lazySystem.ts';
import { coachConfig, coachSystem, createCoachSystemInFull } from './system.ts';

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

  it('has every member of a system Chakra builds, and styles as it does', () => {
    const built = createCoachSystemInFull();
    expect(Object.keys(systemMembers).sort()).toEqual(Object.keys(built).sort());
    expect(Object.keys(coachSystem).sort()).toEqual(Object.keys(built).sort());
    expect(coachSystem.css({ color: 'fg.muted' })).toEqual(built.css({ color: 'fg.muted' }));
  });

  it("does not also build Chakra's default system when bundled", () => {
    const code = bundle("export { coachSystem } from './system.ts';");
    // Its definition, the system built from the token data, and the one built in full when
    // coachSystem's _config or _global is read.
    expect(code.match(/\bcreateSystem\d*\(/g)).toHaveLength(3);
    expect(code).not.toMatch(/createSystem\d*\(defaultConfig\d*\)/);
  }, 30_000);

  it("gives CoachUiProvider a first script without Chakra's engine, and the system in a chunk without Chakra's tokens and global styles", () => {
    const [entry, ...chunks] = bundleSplit(
      "export { CoachUiProvider } from './CoachUiProvider.tsx';",
    );
    expect(entry).toContain('ChakraProvider');
    expect(entry).not.toMatch(/\bcreateSystem\d*\(/);
    expect(entry).not.toContain('"ink","900"'); // the token data
    const system = chunks.join('\n');
    expect(system.match(/\bcreateSystem\d*\(/g)).toHaveLength(2); // its definition, and one
    expect(system).toContain('"ink","900"');
    expect(system).not.toContain('createCoachSystemInFull');
  }, 30_000);
});

/** What an app bundles from `input`: the modules it needs, without React and emotion. */
function bundle(input: string): string {
  return execFileSync(esbuild, ['--bundle', ...appBundleFlags], {
    input,
    cwd: import.meta.dirname,
  }).toString();
}

// esbuild runs as a child process: its API refuses the DOM test environment's TextEncoder.
const esbuild = createRequire(import.meta.url).resolve('esbuild/bin/esbuild');

/** An app's bundle of this package: ES modules, without React and emotion. */
const appBundleFlags = [
  '--format=esm',
  '--log-level=error',
  '--jsx=automatic',
  '--external:react*',
  '--external:@emotion/*',
];

/**
 * What an app bundles from `input`, split where it imports a module dynamically: the entry's
 * code first, then the other chunks'.
 */
function bundleSplit(input: string): string[] {
  const outdir = mkdtempSync(join(tmpdir(), 'coach-ui-split-'));
  const entry = `.split-entry-${process.pid}.ts`;
  try {
    writeFileSync(join(import.meta.dirname, entry), input);
    execFileSync(
      esbuild,
      [
        entry,
        '--bundle',
        '--splitting',
        ...appBundleFlags,
        `--outdir=${outdir}`,
        '--entry-names=entry',
      ],
      { cwd: import.meta.dirname },
    );
    const files = readdirSync(outdir).sort((a, b) =>
      a === 'entry.js' ? -1 : b === 'entry.js' ? 1 : 0,
    );
    return files.map((file) => readFileSync(join(outdir, file), 'utf8'));
  } finally {
    rmSync(join(import.meta.dirname, entry), { force: true });
    rmSync(outdir, { recursive: true, force: true });
  }
}
