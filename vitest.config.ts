import { defineConfig } from 'vitest/config';
// Vitest 5 no longer reads vitest.workspace.ts by itself: the project list is imported here.
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  resolve: { conditions: ['coach-source'] },
  test: {
    globals: true,
    projects,
    reporters: ['default'],
  },
});
