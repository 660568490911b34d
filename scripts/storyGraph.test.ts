import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ModuleGraph,
  packageEntries,
  reachedStories,
  type SourceTree,
  workspaceEntries,
} from './storyGraph.ts';

/** A small workspace: a ui barrel over Modal and Button, app screens, stories. */
const files: Record<string, string> = {
  './ui/Modal/Modal.tsx': 'export function Modal() {}\nexport type ModalProps = {};',
  './ui/Modal/index.ts': "export { Modal, type ModalProps } from './Modal.tsx';",
  './ui/Button/Button.tsx': 'export const Button = () => null;',
  './ui/Button/index.ts': "export * from './Button.tsx';",
  './ui/index.ts': "export * from './Modal/index.ts';\nexport * from './Button/index.ts';",
  './app/Settings.tsx': "import { Button, Modal } from '@coach/ui';\nexport function Settings() {}",
  './app/SignIn.tsx': "import { Button } from '@coach/ui';\nexport function SignIn() {}",
  './app/Shell.tsx': "import { Settings } from './Settings.tsx';\nexport const Shell = 1;",
  './stories/Modal.stories.tsx': "import { Modal } from '@coach/ui';",
  './stories/Button.stories.tsx': "import { Button } from '@coach/ui';",
  './stories/Settings.stories.tsx': "import { Settings } from '../app/Settings.tsx';",
  './stories/SignIn.stories.tsx': "import { SignIn } from '../app/SignIn.tsx';",
  './stories/Shell.stories.tsx': "import { Shell } from '../app/Shell.tsx';",
  './.storybook/preview.tsx': "import { Button } from '@coach/ui';",
};

const graph: ModuleGraph = new Map([
  ['./ui/Modal/Modal.tsx', ['./ui/Modal/index.ts']],
  ['./ui/Modal/index.ts', ['./ui/index.ts']],
  ['./ui/Button/Button.tsx', ['./ui/Button/index.ts']],
  ['./ui/Button/index.ts', ['./ui/index.ts']],
  [
    './ui/index.ts',
    [
      './app/Settings.tsx',
      './app/SignIn.tsx',
      './stories/Modal.stories.tsx',
      './stories/Button.stories.tsx',
      './.storybook/preview.tsx',
    ],
  ],
  ['./app/Settings.tsx', ['./stories/Settings.stories.tsx', './app/Shell.tsx']],
  ['./app/SignIn.tsx', ['./stories/SignIn.stories.tsx']],
  ['./app/Shell.tsx', ['./stories/Shell.stories.tsx']],
  ['./stories/Modal.stories.tsx', ['/virtual:/stories.js']],
]);

const tree: SourceTree = {
  read: (id) => files[id] ?? null,
  exists: (id) => id in files,
  resolvePackage: (specifier) => (specifier === '@coach/ui' ? './ui/index.ts' : null),
};

describe('the stories a change reaches', () => {
  it('follows a barrel by name: Modal reaches its users, not every user of the barrel', () => {
    expect(reachedStories(graph, ['./ui/Modal/Modal.tsx'], tree)).toEqual({
      all: false,
      files: [
        './stories/Modal.stories.tsx',
        './stories/Settings.stories.tsx',
        './stories/Shell.stories.tsx',
      ],
    });
  });

  it('runs every story when the change reaches the preview', () => {
    expect(reachedStories(graph, ['./ui/Button/Button.tsx'], tree)).toEqual({
      all: true,
      files: [],
    });
  });

  it('reaches a story file that changed itself, and nothing for a file outside the graph', () => {
    expect(reachedStories(graph, ['./stories/SignIn.stories.tsx'], tree).files).toEqual([
      './stories/SignIn.stories.tsx',
    ]);
    expect(reachedStories(graph, ['./README.md'], tree).files).toEqual([]);
  });

  it('treats an importer whose import it cannot read as changed whole', () => {
    const dynamic = {
      ...tree,
      read: (id: string) => (id === './app/Settings.tsx' ? null : tree.read(id)),
    };
    expect(reachedStories(graph, ['./app/Settings.tsx'], dynamic).files).toEqual([
      './stories/Settings.stories.tsx',
      './stories/Shell.stories.tsx',
    ]);
  });
});

describe("the workspace packages' entry points", () => {
  const root = resolve(import.meta.dirname, '..');
  const anyFile = () => true;

  /** Every path a target holds, at any depth of its conditions or fallbacks. */
  const pathsIn = (target: unknown): string[] =>
    typeof target === 'string'
      ? [target]
      : typeof target === 'object' && target !== null
        ? Object.values(target).flatMap(pathsIn)
        : [];

  it("maps every TypeScript source of every package's exports in the repository", () => {
    const entries = workspaceEntries(root);
    const manifests = readdirSync(join(root, 'packages')).map((folder) => ({
      dir: join('packages', folder),
      manifest: JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8')),
    }));
    let sources = 0;
    for (const { dir, manifest } of manifests) {
      const exports = manifest.exports ?? {};
      const subpaths = typeof exports === 'string' ? { '.': exports } : exports;
      for (const [subpath, target] of Object.entries<unknown>(subpaths)) {
        // Read on its own here: any TypeScript source among the target's paths is an entry.
        const typescript = pathsIn(target).filter((path) => /(?<!\.d)\.tsx?$/.test(path));
        const entry = `${manifest.name}${subpath.slice(1)}`;
        if (typescript.length === 0) {
          expect(entries[entry], entry).toBeUndefined();
          continue;
        }
        sources += 1;
        expect(typescript.map((path) => `./${join(dir, path)}`)).toContain(entries[entry]);
      }
    }
    expect(Object.keys(entries)).toHaveLength(sources);
    // The shapes the repository holds: a string, conditions, and conditions nested in one.
    expect(entries['@coach/ui']).toBe('./packages/ui/src/index.ts');
    expect(entries['@coach/ui/static-css']).toBe('./packages/ui/src/theme/staticCssOf.ts');
    expect(entries['@coach/api/msw']).toBe('./packages/api/src/msw/index.ts');
    expect(entries).not.toHaveProperty('@coach/ui/global.css');
    expect(entries).not.toHaveProperty('@coach/ui/package.json');
  });

  it('reads a path, conditions (nested too), fallbacks and a top-level path or conditions', () => {
    const exports = {
      '.': './src/index.ts',
      './a': { 'coach-source': './src/a.tsx', types: './dist/a.d.ts', import: './dist/a.js' },
      './b': { 'coach-source': { types: './src/b.d.ts', default: './src/b.ts' } },
      './c': { import: './src/c.mts', require: './dist/c.cjs' },
      './d': ['./src/d.ts', './dist/d.js'],
      './e': [{ require: './dist/e.cjs' }, { default: './src/e.ts' }],
      './style.css': { 'coach-source': { default: './src/style.css' } },
      './internal': null,
    };
    expect(packageEntries('@x/p', 'packages/p', exports, anyFile)).toEqual({
      '@x/p': './packages/p/src/index.ts',
      '@x/p/a': './packages/p/src/a.tsx',
      '@x/p/b': './packages/p/src/b.ts',
      '@x/p/c': './packages/p/src/c.mts',
      '@x/p/d': './packages/p/src/d.ts',
      '@x/p/e': './packages/p/src/e.ts',
    });
    expect(packageEntries('@x/p', 'packages/p', './src/main.ts', anyFile)).toEqual({
      '@x/p': './packages/p/src/main.ts',
    });
    expect(packageEntries('@x/p', 'packages/p', { import: './src/main.ts' }, anyFile)).toEqual({
      '@x/p': './packages/p/src/main.ts',
    });
    expect(packageEntries('@x/p', 'packages/p', undefined, anyFile)).toEqual({});
  });

  it('fails with its reason on an entry it cannot follow, never leaves it out', () => {
    const entries =
      (exports: unknown, exists = anyFile) =>
      () =>
        packageEntries('@x/p', 'packages/p', exports, exists);
    expect(entries({ './a': { require: './dist/a.cjs', types: './dist/a.d.ts' } })).toThrow(
      '@x/p/a (exports of packages/p/package.json): its target names no file',
    );
    expect(entries({ './a': { 'coach-source': { types: './src/a.d.ts' } } })).toThrow(
      'its target names no file',
    );
    expect(entries({ './a': { 'coach-source': './src/a.d.ts' } })).toThrow(
      './src/a.d.ts is a declaration file',
    );
    expect(entries({ './a': './src/a.svg' })).toThrow('./src/a.svg is neither a module');
    expect(entries({ './a': './src/a.ts' }, () => false)).toThrow('./src/a.ts does not exist');
    expect(entries({ './features/*': './src/features/*.ts' })).toThrow('a subpath pattern');
    expect(entries({ '.': './src/index.ts', import: './src/index.ts' })).toThrow(
      'exports mixes subpaths and conditions',
    );
    expect(entries(7)).toThrow('exports is 7');
  });

  it('fails with its reason on a manifest it cannot read', () => {
    const workspace = mkdtempSync(join(tmpdir(), 'story-graph-'));
    try {
      mkdirSync(join(workspace, 'packages', 'broken'), { recursive: true });
      writeFileSync(join(workspace, 'packages', 'broken', 'package.json'), '{ "name": ');
      expect(() => workspaceEntries(workspace)).toThrow(
        `cannot read the manifest ${join(workspace, 'packages', 'broken', 'package.json')}`,
      );
      rmSync(join(workspace, 'packages', 'broken', 'package.json'));
      expect(() => workspaceEntries(workspace)).toThrow(/cannot read the manifest .*ENOENT/);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});
