// The story files' Jest environment: @storybook/test-runner's own, which also hands each file the
// page set-up its generated tests call after a navigation. The environment is loaded once per
// worker, outside the files' module registries; the test-runner's bundle (storybook's internals,
// babel) is needed by the environment anyway, and so no story file
// evaluates it again in its own registry (`.storybook/test-runner-setup.ts` replaces the
// test-runner's per-file set-up, which imported it).
//
// A worker's story files share one page (decision 114): the test-runner already renders a file's
// stories one after another in one page, and each story sets its own window and clock, so the next
// file goes on in the page the last one left, its preview loaded, axe in it, the stories' shared
// chunks compiled. A file that fails leaves a fresh page to the next one.
import { setupPage } from '@storybook/test-runner';
import PlaywrightEnvironment from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js';
import StorybookEnvironment from '@storybook/test-runner/playwright/custom-environment.js';

/** The page the worker's last file left, with its browser connection and context. */
let kept = null;

export default class StoryFileEnvironment extends StorybookEnvironment {
  failed = false;

  async setup() {
    const reusable = kept && !kept.page.isClosed() ? kept : null;
    if (!reusable) {
      await closeKept();
      await super.setup();
      kept = { browser: this.global.browser, context: this.global.context };
    } else {
      // The test-runner's environment, without a browser connection, context or page of its own.
      const options = this._config.testEnvironmentOptions;
      this._config = {
        ...this._config,
        testEnvironmentOptions: {
          ...options,
          'jest-playwright': { ...options['jest-playwright'], skipInitialization: true },
        },
      };
      await PlaywrightEnvironment.prototype.setup.call(this);
      Object.assign(this.global, {
        browser: reusable.browser,
        context: reusable.context,
        page: reusable.page,
      });
    }
    Object.assign(this.global, { __sbSetupPage: setupPage, __sbCollectCoverage: false });
  }

  async handleTestEvent(event, state) {
    await super.handleTestEvent(event, state);
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.failed = true;
  }

  async teardown() {
    // The page the file ends with (a navigation's retry replaces it) is kept for the next file,
    // unless a story of this one failed: its page may hold what failed it.
    if (kept) kept.page = this.global.page;
    if (this.failed) await closeKept();
    // Not closed with the file: the browser connection and its page are the worker's.
    this.global.browser = null;
    this.global.page = null;
    await super.teardown();
  }
}

// Jest ends a worker with a message (jest-worker's CHILD_MESSAGE_END, 2) and then waits for it to
// exit: the kept browser connection would keep it alive until Jest killed it ('A worker process
// has failed to exit gracefully'). So the worker closes it then, and drops this listener, as
// jest-worker drops its own.
if (process.send) {
  const closeOnWorkerEnd = (message) => {
    if (!Array.isArray(message) || message[0] !== 2) return;
    process.removeListener('message', closeOnWorkerEnd);
    void closeKept();
  };
  process.on('message', closeOnWorkerEnd);
}

/** Closes the kept page's browser connection (its context and page with it), if any. */
async function closeKept() {
  const closing = kept;
  kept = null;
  await closing?.browser?.close().catch(() => {});
}
