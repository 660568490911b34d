import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithProfile } from '../../../test/auth.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { type DatabaseHandle, schema } from '../../db/index.ts';
import { storeMetricBatch } from './store.ts';

// The HTTP tests cannot reach a DST change (timestamps older than 30 days are refused), so the
// splitting at local midnight across one is checked on the store itself.
let database: DatabaseHandle;
let clientPersonId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const client = await createUserWithProfile(database, {
    email: 'berlin@example.com',
    password: 'Password1',
    type: 'user',
    timezone: 'Europe/Berlin',
  });
  clientPersonId = client.personId;
});
afterAll(() => database.close());

async function storeSession(startedAt: string, endedAt: string) {
  const owner = {
    organisationId: database.organisationId,
    clientPersonId,
    timezone: 'Europe/Berlin',
  };
  const sessions = [
    { id: randomUUID(), startedAt: new Date(startedAt), endedAt: new Date(endedAt) },
  ];
  return database.transaction((tx) => storeMetricBatch(tx, owner, { samples: [], sessions }));
}

async function usageByDate() {
  const rows = await database.db
    .select()
    .from(schema.clientDaily)
    .where(eq(schema.clientDaily.clientPersonId, clientPersonId))
    .orderBy(asc(schema.clientDaily.localDate));
  return Object.fromEntries(rows.map((row) => [row.localDate, row.usageSeconds]));
}

describe('storeMetricBatch across DST changes', () => {
  it('counts a whole 25 h local day when the clocks go back', async () => {
    // Berlin midnight to midnight on 2026-10-25: 22:00 UTC (CEST) to 23:00 UTC (CET).
    await storeSession('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z');
    expect(await usageByDate()).toEqual({ '2026-10-25': 90_000 });
  });

  it('splits at the local midnights of a 23 h day when the clocks go forward', async () => {
    // 2026-03-28 23:00 to 2026-03-30 01:00 Berlin time: one hour, the 23 h day, one hour.
    await storeSession('2026-03-28T22:00:00Z', '2026-03-29T23:00:00Z');
    expect(await usageByDate()).toMatchObject({
      '2026-03-28': 3600,
      '2026-03-29': 82_800,
      '2026-03-30': 3600,
    });
  });
});
