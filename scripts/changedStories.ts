// `node scripts/changedStories.ts <stats dir> [git ref]`: prints the story files that the files
// changed since the ref (default: main; uncommitted and untracked files included) reach in the
// Storybook build's module graph, one per line, or `all` when the preview itself changed.
// Anything it cannot work out (the graph, the ref, a package's entry points) ends it with its
// reason and exit code 1: an empty answer means that no story is reached, never that it failed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  graphOfStats,
  moduleIdOf,
  reachedStories,
  sourceTreeAt,
  workspaceEntries,
} from './storyGraph.ts';

const root = resolve(import.meta.dirname, '..');
const [statsDir = 'test-results/storybook-stats', ref = 'main'] = process.argv.slice(2);

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    .split('\n')
    .filter(Boolean);

function changedSince(ref: string): string[] {
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  } catch {
    throw new Error(`the git ref '${ref}' names no commit`);
  }
  return [
    ...git('diff', '--name-only', ref),
    ...git('ls-files', '--others', '--exclude-standard'),
  ].map((path) => moduleIdOf(root, path));
}

function statsOf(dir: string) {
  const path = join(root, dir, 'preview-stats.json');
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the build's module graph ${path}: ${(error as Error).message}`);
  }
}

// A module the walk cannot read is one whose importers change whole (storyGraph.ts).
const readText = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

try {
  const reached = reachedStories(
    graphOfStats(statsOf(statsDir)),
    changedSince(ref),
    sourceTreeAt(root, readText, workspaceEntries(root)),
  );
  console.log(reached.all ? 'all' : reached.files.join('\n'));
} catch (error) {
  console.error(
    `changedStories: cannot work out the stories a change reaches: ${(error as Error).message}`,
  );
  process.exit(1);
}
