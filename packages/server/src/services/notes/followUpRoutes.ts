import { followUpDateError, localDateOf } from '@coach/domain';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { clientHandlers, coachOwnerOf, writeClientRecord } from '../clientRecords/index.ts';
import { nowOf, type PersonRecord, type ServiceContext } from '../core/index.ts';
import { endFollowUp, readOpenFollowUp, setFollowUp, toFollowUp } from './store.ts';

/** The coach's date now, in their time zone: what a follow-up's date is compared with. */
const todayOf = (coach: PersonRecord, now: Date) => localDateOf(now, coach.timezone);

/**
 * The follow-ups of the notes service: the one a coach plans with each client, set, moved, done
 * or dropped through the write path (a set or a move charged to the coach's quota), each change
 * told to the coach's live streams (`clients-changed`) in its transaction.
 */
export function followUpRoutes(app: FastifyInstance, context: ServiceContext): void {
  app.route(
    contractRoute(
      'getFollowUp',
      clientHandlers(context, 'coach', async (_request, access) => {
        const open = await readOpenFollowUp(context.database.db, coachOwnerOf(access));
        return { open: open ? toFollowUp(open, todayOf(access.caller, nowOf(context))) : null };
      }),
    ),
  );

  app.route(
    contractRoute(
      'setFollowUp',
      clientHandlers(context, 'coach', async (request, access) => {
        const { caller, client } = access;
        const today = todayOf(caller, nowOf(context));
        const refusal = followUpDateError(request.body.dueDate, today);
        if (refusal) throw new DomainError('invalid_request', refusal);
        const { row } = await writeClientRecord(context, request, {
          client,
          quota: { kind: 'followUp', payer: caller },
          store: ({ tx, now, charge }) =>
            setFollowUp(tx, coachOwnerOf(access), request.body, now, () =>
              charge({ followUps: 1 }),
            ),
          changed: (set) => set.changed,
          // An action for the client's attention episode; it does not end itself.
          acting: { coachId: caller.id, kind: 'followUp' },
          notice: 'figures',
        });
        return toFollowUp(row, today);
      }),
    ),
  );

  app.route(
    contractRoute(
      'endFollowUp',
      clientHandlers(context, 'coach', async (request, access) => {
        const ended = await writeClientRecord(context, request, {
          client: access.client,
          store: ({ tx, now }) => endFollowUp(tx, coachOwnerOf(access), request.body.ending, now),
          notice: 'figures',
        });
        return toFollowUp(ended, todayOf(access.caller, nowOf(context)));
      }),
    ),
  );
}
