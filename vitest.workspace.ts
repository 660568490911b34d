import type { TestProjectConfiguration } from 'vitest/config';

/** The test projects: ui and app in a DOM environment, api and server in Node. */
export const projects: TestProjectConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'ui',
      root: 'packages/ui',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      setupFiles: ['../../vitest.setup.dom.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'app',
      root: 'packages/app',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['../../vitest.setup.dom.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'api',
      root: 'packages/api',
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'server',
      root: 'packages/server',
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    },
  },
];
