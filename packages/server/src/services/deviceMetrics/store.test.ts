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

describe("storeMetricBatch and the client's person", () => {
  const sampleBatch = () => ({
    samples: [
      { id: randomUUID(), kind: 'hrv' as const, value: 52, measuredAt: new Date() },
      { id: randomUUID(), kind: 'pulse' as const, value: 61, measuredAt: new Date() },
    ],
    sessions: [],
  });
  const samplesOf = async (personId: string) =>
    database.db
      .select({ id: schema.metricSamples.clientSampleId })
      .from(schema.metricSamples)
      .where(eq(schema.metricSamples.clientPersonId, personId));

  it('stores nothing and throws for a person who does not exist', async () => {
    const nobody = randomUUID();
    const owner = {
      organisationId: database.organisationId,
      clientPersonId: nobody,
      timezone: 'UTC',
    };
    await expect(storeMetricBatch(database.db, owner, sampleBatch())).rejects.toThrow(
      'A device batch for a person who does not exist',
    );
    expect(await samplesOf(nobody)).toEqual([]);
  });

  it("deletes a person's samples with the person, and only theirs", async () => {
    const client = (email: string) =>
      createUserWithProfile(database, { email, password: 'Password1', type: 'user' });
    const leaving = await client('leaving@example.com');
    const staying = await client('staying@example.com');
    for (const { personId } of [leaving, staying]) {
      const owner = {
        organisationId: database.organisationId,
        clientPersonId: personId,
        timezone: 'UTC',
      };
      const stored = await storeMetricBatch(database.db, owner, sampleBatch());
      expect(stored.accepted).toEqual({ samples: 2, sessions: 0 });
    }

    await database.db.delete(schema.persons).where(eq(schema.persons.id, leaving.personId));

    expect(await samplesOf(leaving.personId)).toEqual([]);
    expect(await samplesOf(staying.personId)).toHaveLength(2);
  });
});
