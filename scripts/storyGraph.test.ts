import { describe, expect, it } from 'vitest';
import { type ModuleGraph, reachedStories, type SourceTree } from './storyGraph.ts';

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
