import {
  canonicalTimeZone,
  checkCoachSettings,
  inviteTimeZoneMessage,
  messages,
} from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit.ts';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { nowOf, type PersonRecord, type ServicePlugin } from '../core/index.ts';
import { findCaller } from './caller.ts';
import { storeCoachSettings, storeDetectedTimezone, toCoachSettings } from './coachSettings.ts';
import { findPersonById } from './store.ts';

/**
 * A coach's settings beside the profile (`/api/account/coachSettings`): their timezone, the
 * morning attention mail and their language. Only a coach has them (a client gets 403); checked with the domain's
 * rule, the same the mocks use.
 */
export const coachSettingsRoutes: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;
  const { db } = database;

  async function coachOf(request: FastifyRequest): Promise<PersonRecord> {
    const caller = await findCaller(db, organisationId, request);
    if (caller?.type !== 'coach') {
      throw new DomainError('invalid_user_type', messages.invalidUserType);
    }
    return caller;
  }

  async function settingsOf(personId: string) {
    const stored = await findPersonById(db, organisationId, personId);
    if (!stored) throw new DomainError('not_found', 'No such profile');
    return toCoachSettings(stored);
  }

  app.route(
    contractRoute('getCoachSettings', {
      onRequest: context.requireAuth,
      handler: async (request) => toCoachSettings(await coachOf(request)),
    }),
  );

  app.route(
    contractRoute('updateCoachSettings', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const coach = await coachOf(request);
        const checked = checkCoachSettings(request.body);
        if (!checked.isValid) throw new DomainError(checked.code, checked.message);
        const { settings } = checked;
        const changed = (Object.keys(settings) as (keyof typeof settings)[]).filter(
          (key) => settings[key] !== coach[key],
        );
        await database.transaction(async (tx) => {
          await storeCoachSettings(tx, organisationId, coach.id, settings, nowOf(context));
          await recordAudit(tx, {
            organisationId,
            action: 'profile_updated',
            actorUserId: coach.userId,
            subject: coach.id,
            ip: request.ip,
            requestId: request.id,
            // Which settings changed, never their values.
            details: { fields: changed },
          });
        });
        return settingsOf(coach.id);
      },
    }),
  );

  // The app sends the browser's zone at sign-in while the coach has none; a zone already set
  // (chosen, or detected before) stays, and the answer says which.
  app.route(
    contractRoute('setDetectedTimezone', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const coach = await coachOf(request);
        const timezone = canonicalTimeZone(request.body.timezone);
        if (!timezone) {
          throw new DomainError('invalid_timezone', inviteTimeZoneMessage(request.body.timezone));
        }
        if (coach.timezoneSetAt === null) {
          await storeDetectedTimezone(db, organisationId, coach.id, timezone, nowOf(context));
        }
        return settingsOf(coach.id);
      },
    }),
  );
};
