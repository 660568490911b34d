// Jest configuration of @storybook/test-runner: Debian's chromium-headless-shell, in which the
// visual baselines were taken (scripts/chromium.js).
import { getJestConfig } from '@storybook/test-runner';
import { chromiumArgs, chromiumHeadlessShellPath } from './scripts/chromium.js';

const base = getJestConfig();

export default {
  ...base,
  // The test-runner's environment and per-file set-up, made to load its bundle once per worker
  // rather than once per story file (`.storybook/test-environment.js` says how).
  testEnvironment: '<rootDir>/.storybook/test-environment.js',
  setupFilesAfterEnv: base.setupFilesAfterEnv.map((file) =>
    file.endsWith('/playwright/jest-setup.js') ? '<rootDir>/.storybook/test-runner-setup.ts' : file,
  ),
  testTimeout: 60_000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        executablePath: chromiumHeadlessShellPath,
        // Fixed language, hinting and colour profile keep the visual baselines stable.
        args: [
          ...chromiumArgs,
          '--lang=en-US',
          '--font-render-hinting=none',
          '--force-color-profile=srgb',
        ],
      },
      contextOptions: {
        locale: 'en-US',
        timezoneId: 'UTC',
        viewport: { width: 1280, height: 800 },
      },
    },
  },
};
