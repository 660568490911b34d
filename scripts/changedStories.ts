// `node scripts/changedStories.ts <stats dir> [git ref]`: prints the story files that the files
// changed since the ref (default: main; uncommitted and untracked files included) reach in the
// Storybook build's module graph, one per line, or `all` when the preview itself changed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { graphOfStats, moduleIdOf, reachedStories, sourceTreeAt } from './storyGraph.ts';

const root = resolve(import.meta.dirname, '..');
const [statsDir = 'test-results/storybook-stats', ref = 'main'] = process.argv.slice(2);
const stats = JSON.parse(readFileSync(join(root, statsDir, 'preview-stats.json'), 'utf8'));

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...git('diff', '--name-only', ref),
  ...git('ls-files', '--others', '--exclude-standard'),
].map((path) => moduleIdOf(root, path));

/**
 * The file an export's target names for the sources: the string, or its `coach-source` (else
 * `import`, else `default`) condition, followed into nested conditions (`./global.css` has types
 * and a default under `coach-source`).
 */
function sourceFileOf(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (typeof target !== 'object' || target === null) return undefined;
  const conditions = target as Record<string, unknown>;
  return sourceFileOf(conditions['coach-source'] ?? conditions.import ?? conditions.default);
}

/** The workspace packages' entry points, as the stories import them. */
const packages: Record<string, string> = {};
for (const name of ['ui', 'api', 'domain', 'app']) {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
  const exports: Record<string, unknown> = manifest.exports ?? {};
  for (const [subpath, target] of Object.entries(exports)) {
    const file = sourceFileOf(target);
    if (!file?.endsWith('.ts') && !file?.endsWith('.tsx')) continue;
    packages[`@coach/${name}${subpath.slice(1)}`] = `./${join('packages', name, file)}`;
  }
}

const readText = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};
const reached = reachedStories(
  graphOfStats(stats),
  changed,
  sourceTreeAt(root, readText, packages),
);
console.log(reached.all ? 'all' : reached.files.join('\n'));
