import { describe, expect, it } from 'vitest';
import { mockApiAtMockNow, reportNotes } from '../../test/mockReportApi.ts';
import { rejection } from '../../test/rejection.ts';
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

  it("takes the choice of the coach's notes of the period, and refuses what is no boolean", async () => {
    const api = mockApiAtMockNow();
    for (const includeNotes of [true, false]) {
      const report = await api.resource.createClientReport(mockClientIds.jamie, {
        ...reportNotes,
        includeNotes,
      });
      expect(report.clientId).toBe(mockClientIds.jamie);
    }
    const error = await rejection(
      api.resource.createClientReport(mockClientIds.jamie, {
        ...reportNotes,
        includeNotes: 'yes' as unknown as boolean,
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
  });

  it('pages the reports newest first after a cursor, the first page the newest 100', async () => {
    const api = mockApiAtMockNow({ reportCount: 105 });
    const first = await api.resource.listClientReports(mockClientIds.jamie);
    expect(first.items).toHaveLength(100);
    const rest = await api.resource.listClientReports(mockClientIds.jamie, {
      before: first.nextCursor ?? '',
    });
    expect(rest).toMatchObject({ nextCursor: null });
    const ids = [...first.items, ...rest.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(105);
    const times = [...first.items, ...rest.items].map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const small = await api.resource.listClientReports(mockClientIds.jamie, { limit: 2 });
    expect(small.items.map((item) => item.id)).toEqual(ids.slice(0, 2));
    const refused = await rejection(
      api.resource.listClientReports(mockClientIds.jamie, { before: 'garbage' }),
    );
    expect({ status: refused.status, code: refused.code }).toEqual({
      status: 400,
      code: 'invalid_request',
    });
  });

  it("deletes the coach's report, and answers 404 for it afterwards", async () => {
    const api = mockApiAtMockNow();
    const report = await api.resource.createClientReport(mockClientIds.jamie, reportNotes);
    await api.resource.deleteClientReport(mockClientIds.jamie, report.id);
    const { items } = await api.resource.listClientReports(mockClientIds.jamie);
    expect(items.map((item) => item.id)).not.toContain(report.id);
    const again = await rejection(api.resource.deleteClientReport(mockClientIds.jamie, report.id));
    expect(again.status).toBe(404);
    const failing = await rejection(
      mockApiAtMockNow({ reportDeleteFails: true }).resource.deleteClientReport(
        mockClientIds.jamie,
        report.id,
      ),
    );
    expect(failing.status).toBe(500);
  });

  it('refuses a report with 429 and Retry-After when a story reached the quota', async () => {
    const reached = await rejection(
      mockApiAtMockNow({ reportQuotaReached: true }).resource.createClientReport(
        mockClientIds.jamie,
        reportNotes,
      ),
    );
    expect({ status: reached.status, wait: reached.retryAfterSeconds }).toEqual({
      status: 429,
      wait: 3600,
    });
  });

  it("answers 'Client not found' to a client", async () => {
    const api = mockApiAtMockNow({}, fixtureTokens.client);
    const error = await rejection(api.resource.listClientReports(mockClientIds.jamie));
    expect(error.status).toBe(404);
  });
});
