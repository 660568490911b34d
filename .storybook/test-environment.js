// The story files' Jest environment: @storybook/test-runner's own, which also hands each file the
// page set-up its generated tests call after a navigation. The environment is loaded once per
// worker, outside the files' module registries; the test-runner's bundle (storybook's internals,
// babel) is needed by the environment anyway, and so no story file
// evaluates it again in its own registry (`.storybook/test-runner-setup.ts` replaces the
// test-runner's per-file set-up, which imported it).
import { setupPage } from '@storybook/test-runner';
import StorybookEnvironment from '@storybook/test-runner/playwright/custom-environment.js';

export default class StoryFileEnvironment extends StorybookEnvironment {
  async setup() {
    await super.setup();
    Object.assign(this.global, { __sbSetupPage: setupPage, __sbCollectCoverage: false });
  }
}
