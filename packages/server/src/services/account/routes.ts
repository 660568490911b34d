import { messages, personViewFor } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit.ts';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { nowOf, type PersonRecord, type ServicePlugin, signedPicturePath } from '../core/index.ts';
import { findCaller } from './caller.ts';
import { coachSettingsRoutes } from './coachSettingsRoutes.ts';
import { checkProfile } from './rules.ts';
import {
  canSee,
  findPersonByUserId,
  findVisiblePerson,
  listClients,
  toPerson,
  updateProfile,
} from './store.ts';

/**
 * The account service (`/api/account`): profiles. Every route needs a signed-in caller, checked
 * before the body is read. A profile the caller may not see answers 404, exactly like one that
 * does not exist, so ids of other coaches' clients cannot be probed.
 */
export const accountService: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;
  const { db } = database;

  function callerOf(request: FastifyRequest) {
    return findCaller(db, organisationId, request);
  }

  // Every profile answered is one the caller may see: its picture comes with a signed URL, and
  // a client sees of their coach only who they are (personViewFor: no birth date, gender or
  // timezone).
  function answer(caller: PersonRecord, record: PersonRecord) {
    const person = toPerson(record, (personId) => signedPicturePath(context, personId));
    return personViewFor(caller, person);
  }

  const notFound = () => new DomainError('not_found', 'No such profile');

  // GET /persons: the caller's own profile and, for a coach, their clients. With ?userId= only
  // that user's profile, when the caller may see it; otherwise an empty list (the app then says
  // 'No profile found by userId {id}'), so the answer never tells whether the user exists.
  app.route(
    contractRoute('listPersons', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const { userId } = request.query;
        const caller = await callerOf(request);
        if (!caller) return [];
        if (userId !== undefined) {
          if (userId === caller.userId) return [answer(caller, caller)];
          const target = await findPersonByUserId(db, organisationId, userId);
          return target && canSee(caller, target) ? [answer(caller, target)] : [];
        }
        const clients =
          caller.type === 'coach' ? await listClients(db, organisationId, caller.id) : [];
        return [caller, ...clients].map((record) => answer(caller, record));
      },
    }),
  );

  app.route(
    contractRoute('getPerson', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const caller = await callerOf(request);
        if (!caller) throw notFound();
        const target = await findVisiblePerson(db, organisationId, caller, request.params.id);
        if (!target) throw notFound();
        return answer(caller, target);
      },
    }),
  );

  // PUT /persons/:id: only one's own profile (requirements R4.6); any other id, existing or not, is
  // the same 403 with the spec's text.
  app.route(
    contractRoute('updatePerson', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const { id } = request.params;
        const caller = await callerOf(request);
        if (!caller || caller.id !== id) {
          throw new DomainError('forbidden', messages.cannotUpdateAnotherProfile);
        }
        const fields = checkProfile(request.body, nowOf(context));
        const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter(
          (key) => fields[key] !== caller[key],
        );
        const updated = await database.transaction(async (tx) => {
          const record = await updateProfile(tx, organisationId, id, fields);
          await recordAudit(tx, {
            organisationId,
            action: 'profile_updated',
            actorUserId: caller.userId,
            subject: id,
            ip: request.ip,
            requestId: request.id,
            // Which fields changed, never their values.
            details: { fields: changed },
          });
          return record;
        });
        if (!updated) throw notFound();
        return toPerson(updated, (personId) => signedPicturePath(context, personId));
      },
    }),
  );

  await coachSettingsRoutes(app, context);
};
