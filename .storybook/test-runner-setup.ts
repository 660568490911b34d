// Each story file's set-up, in its own module registry: this project's test-runner hooks
// (`.storybook/test-runner.ts`) as the generated tests call them. It does what the test-runner's
// own per-file set-up does, without evaluating the test-runner's bundle in every file
// (`.storybook/test-environment.js` brings the page set-up).
import config from './test-runner.ts';

config.setup?.();
Object.assign(globalThis, { __sbPreVisit: config.preVisit, __sbPostVisit: config.postVisit });
