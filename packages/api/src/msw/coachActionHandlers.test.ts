import { describe, expect, it } from 'vitest';
import { mockApiAtMockNow, reportNotes } from '../../test/mockReportApi.ts';
import { rejection } from '../../test/rejection.ts';
import { mockClientIds } from './fixtures/clientTable.ts';
import { fixtureTokens } from './fixtures.ts';

describe('coach actions mocks', () => {
  it("lists the coach's invite, phase changes and report, newest first", async () => {
    const { items } = await mockApiAtMockNow().analytics.listClientCoachActions(
      mockClientIds.jamie,
    );
    expect(items.map((item) => item.kind)).toEqual(['reportGenerated', 'phaseChanged', 'invited']);
    expect(items[1]).toMatchObject({ fromPhase: 'learn', toPhase: 'sense' });
  });

  it('shows a phase change and a report made through the mocks at once', async () => {
    const api = mockApiAtMockNow({ noReports: true });
    const client = mockClientIds.maria;
    expect(
      (await api.analytics.listClientCoachActions(client)).items.map((item) => item.kind),
    ).toEqual(['invited']);
    await api.journey.startNextPhase(client, {
      nextPhase: 'sense',
      goals: ['breathing'],
      bpm: 6,
      goalChoices: ['calm'],
    });
    const report = await api.resource.createClientReport(client, reportNotes);
    const { items } = await api.analytics.listClientCoachActions(client);
    expect(items.map((item) => item.kind)).toEqual(['reportGenerated', 'phaseChanged', 'invited']);
    expect(items[0]?.reportId).toBe(report.id);
    expect(items[1]).toMatchObject({ fromPhase: 'learn', toPhase: 'sense' });
  });

  it('answers the one 404 to a client and for an unknown client, and fails on demand', async () => {
    const asClient = mockApiAtMockNow({}, fixtureTokens.client);
    expect(
      (await rejection(asClient.analytics.listClientCoachActions(mockClientIds.jamie))).status,
    ).toBe(404);
    const unknown = '00000000-0000-4000-8000-00000000ffff';
    expect(
      (await rejection(mockApiAtMockNow().analytics.listClientCoachActions(unknown))).status,
    ).toBe(404);
    const failing = mockApiAtMockNow({
      failures: {
        listClientCoachActions: {
          status: 500,
          error: 'internal_error',
          message: 'Something went wrong',
        },
      },
    });
    expect(
      (await rejection(failing.analytics.listClientCoachActions(mockClientIds.jamie))).status,
    ).toBe(500);
  });
});
