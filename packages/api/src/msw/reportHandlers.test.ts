import { describe, expect, it } from 'vitest';
import type { Tokens } from '../contract/common.ts';
import { mockCoachApi } from '../test/mockCoachApi.ts';
import { rejection } from '../test/rejection.ts';
import { mockClientIds } from './fixtures/clientTable.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { fixtureTokens } from './fixtures.ts';
import { createHandlers, type HandlersOptions } from './handlers.ts';

const notes = {
  mentalWellbeing: 'Calmer',
  physicalWellbeing: 'Walks',
  productivity: 'Focused',
  finalComments: 'Keep going',
};

/** The real client over the handlers at the stories' clock. */
function setup(options: HandlersOptions = {}, tokens: Tokens = fixtureTokens.coach) {
  return mockCoachApi(createHandlers({ now: () => mockNow, ...options }), tokens);
}

describe('report mocks', () => {
  it('generates a report that the list shows first and that downloads as a PDF', async () => {
    const api = setup();
    const report = await api.resource.createClientReport(mockClientIds.jamie, notes);
    expect(report).toMatchObject({ clientId: mockClientIds.jamie, sizeBytes: expect.any(Number) });
    const { items } = await api.resource.listClientReports(mockClientIds.jamie);
    expect(items[0]).toEqual(report);
    const pdf = await api.resource.getClientReport(mockClientIds.jamie, report.id);
    const head = new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5));
    expect(head).toBe('%PDF-');
  });

  it('refuses a note over 500 characters as the server does', async () => {
    const api = setup();
    const error = await rejection(
      api.resource.createClientReport(mockClientIds.jamie, {
        ...notes,
        productivity: 'p'.repeat(501),
      }),
    );
    expect(error.status).toBe(400);
  });

  it('answers the failure a story asks for', async () => {
    expect(
      (
        await rejection(
          setup({ reportCreateFails: true }).resource.createClientReport(
            mockClientIds.jamie,
            notes,
          ),
        )
      ).status,
    ).toBe(500);
    const busy = await rejection(
      setup({ reportsBusy: true }).resource.createClientReport(mockClientIds.jamie, notes),
    );
    expect({ status: busy.status, code: busy.code }).toEqual({ status: 503, code: 'server_busy' });
  });

  it("answers 'Client not found' to a client", async () => {
    const api = setup({}, fixtureTokens.client);
    const error = await rejection(api.resource.listClientReports(mockClientIds.jamie));
    expect(error.status).toBe(404);
  });
});
