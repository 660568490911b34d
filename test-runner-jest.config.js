// Jest configuration of @storybook/test-runner: Debian's chromium, the only browser here.
import { getJestConfig } from '@storybook/test-runner';

const base = getJestConfig();

export default {
  ...base,
  testTimeout: 60_000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
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
