import { describe, expect, it } from 'vitest';
import { mockApiAtMockNow, reportNotes } from '../test/mockReportApi.ts';
import { rejection } from '../test/rejection.ts';
import { mockClientIds } from './fixtures/clientTable.ts';
import { fixtureTokens } from './fixtures.ts';

describe('report mocks', () => {
  it('generates a report that the list shows first and that downloads as a PDF', async () => {
    const api = mockApiAtMockNow();
    const report = await api.resource.createClientReport(mockClientIds.jamie, reportNotes);
    expect(report).toMatchObject({ clientId: mockClientIds.jamie, sizeBytes: expect.any(Number) });
    const { items } = await api.resource.listClientReports(mockClientIds.jamie);
    expect(items[0]).toEqual(report);
    const pdf = await api.resource.getClientReport(mockClientIds.jamie, report.id);
    const head = new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5));
    expect(head).toBe('%PDF-');
  });

  it('refuses a note over 500 characters as the server does', async () => {
    const api = mockApiAtMockNow();
    const error = await rejection(
      api.resource.createClientReport(mockClientIds.jamie, {
        ...reportNotes,
        productivity: 'p'.repeat(501),
      }),
    );
    expect(error.status).toBe(400);
  });

  it('answers the failure a story asks for', async () => {
    expect(
      (
        await rejection(
          mockApiAtMockNow({ reportCreateFails: true }).resource.createClientReport(
            mockClientIds.jamie,
            reportNotes,
          ),
        )
      ).status,
    ).toBe(500);
    const busy = await rejection(
      mockApiAtMockNow({ reportsBusy: true }).resource.createClientReport(
        mockClientIds.jamie,
        reportNotes,
      ),
    );
    expect({ status: busy.status, code: busy.code }).toEqual({ status: 503, code: 'server_busy' });
  });

  it("answers 'Client not found' to a client", async () => {
    const api = mockApiAtMockNow({}, fixtureTokens.client);
    const error = await rejection(api.resource.listClientReports(mockClientIds.jamie));
    expect(error.status).toBe(404);
  });
});
