import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParityDriver } from './driver.ts';
import { createMockDriver } from './mockDriver.ts';
import { type ScenarioContext, scenarioContext, scenarios } from './scenarios.ts';
import { createServerDriver } from './serverDriver.ts';

// Mocks held to the server: every scenario runs on the MSW handlers and on the real server over
// HTTP, from the same people, and must see the same answers (statuses, bodies with ids named, the
// figures) and keep every answer on the contract's schemas.

describe('the mocks answer as the server', () => {
  let drivers: ParityDriver[] = [];
  let mocks: ScenarioContext;
  let server: ScenarioContext;

  beforeAll(async () => {
    drivers = [createMockDriver(), await createServerDriver()];
    const [mockDriver, serverDriver] = drivers;
    if (!mockDriver || !serverDriver) throw new Error('no drivers');
    mocks = scenarioContext(mockDriver);
    server = scenarioContext(serverDriver);
  });

  afterAll(async () => {
    await Promise.all(drivers.map((driver) => driver.close()));
  });

  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const expected = await scenario.run(server);
      const actual = await scenario.run(mocks);
      expect(actual).toEqual(expected);
    });
  }
});
