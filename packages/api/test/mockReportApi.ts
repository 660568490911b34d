import type { Tokens } from '../src/contract/sessionTokens.ts';
import { mockNow } from '../src/msw/fixtures/mockClock.ts';
import { fixtureTokens } from '../src/msw/fixtures.ts';
import { createHandlers, type HandlersOptions } from '../src/msw/handlers.ts';
import { mockCoachApi } from './mockCoachApi.ts';

/** A report's four notes, as the report form sends them. */
export const reportNotes = {
  mentalWellbeing: 'Calmer',
  physicalWellbeing: 'Walks',
  productivity: 'Focused',
  finalComments: 'Keep going',
};

/** The real client over every handler at the stories' clock, signed in as the coach by default. */
export function mockApiAtMockNow(
  options: HandlersOptions = {},
  tokens: Tokens = fixtureTokens.coach,
) {
  return mockCoachApi(createHandlers({ now: () => mockNow, ...options }), tokens);
}
