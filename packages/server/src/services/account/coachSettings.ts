import type { CoachSettings } from '@coach/api';
import type { CoachSettingsChange } from '@coach/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../db/index.ts';
import type { PersonRecord } from '../core/index.ts';

const { persons } = schema;

/** The API form of a coach's settings. */
export function toCoachSettings(record: PersonRecord): CoachSettings {
  return {
    timezone: record.timezone,
    isMorningMailOn: record.isMorningMailOn,
    morningMailHour: record.morningMailHour,
    language: record.language,
    hasTimezone: record.timezoneSetAt !== null,
    hasLanguage: record.languageSetAt !== null,
  };
}

/**
 * Stores a coach's checked settings (the language only when the change has one): the timezone
 * counts as chosen from now on, and so does the language when the change has one.
 */
export async function storeCoachSettings(
  tx: Transaction,
  organisationId: string,
  personId: string,
  settings: CoachSettingsChange,
  now: Date,
): Promise<void> {
  await tx
    .update(persons)
    .set({
      ...settings,
      timezoneSetAt: now,
      ...(settings.language ? { languageSetAt: now } : {}),
      updatedAt: now,
    })
    .where(and(eq(persons.organisationId, organisationId), eq(persons.id, personId)));
}

/**
 * Stores the browser's timezone as a coach's only while they have none (`timezone_set_at` null),
 * in one statement: a detection racing a choice in Settings never overrides the choice. Answers
 * whether it was stored.
 */
export async function storeDetectedTimezone(
  db: Database,
  organisationId: string,
  personId: string,
  timezone: string,
  now: Date,
): Promise<boolean> {
  const stored = await db
    .update(persons)
    .set({ timezone, timezoneSetAt: now, updatedAt: now })
    .where(
      and(
        eq(persons.organisationId, organisationId),
        eq(persons.id, personId),
        isNull(persons.timezoneSetAt),
      ),
    )
    .returning({ id: persons.id });
  return stored.length > 0;
}
