import { messages, validateMetricBatch } from '@coach/domain';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import {
  type BucketRow,
  checkWriteRate,
  dailyCeilingCharge,
  requireClientCaller,
  withDailyCeilings,
} from '../clientRecords/index.ts';
import { nowOf, publishClientChange, type ServicePlugin } from '../core/index.ts';
import { storeMetricBatch } from './store.ts';

/**
 * The device-metrics service (`/api/device-metrics`): the client's own app posts batches of
 * samples and app-usage sessions. The data are always the caller's own: there is no person id
 * in the request to point at anyone else.
 */
export const deviceMetricsService: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;

  app.route(
    contractRoute('postDeviceMetrics', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const caller = await requireClientCaller(
          context,
          request,
          messages.onlyClientsSendDeviceMetrics,
        );
        const now = nowOf(context);
        // Charged once per batch, whatever its size; the daily ceilings count what it stored.
        await checkWriteRate(context, request, caller, 'deviceBatch', now);
        const checked = validateMetricBatch(request.body, now);
        if (!checked.ok) throw new DomainError('invalid_batch', checked.errors.join('; '));
        const owner = { organisationId, clientPersonId: caller.id, timezone: caller.timezone };
        // The batch, its roll-up and the daily ceilings' charge in one statement: only the new
        // samples and sessions are charged, so a batch sent again is not charged again.
        const charge = dailyCeilingCharge(context, caller, now);
        return withDailyCeilings(context, request, caller, () =>
          database.transaction(async (tx) => {
            const { charged, ...counts } = await storeMetricBatch<BucketRow>(
              tx,
              owner,
              checked.batch,
              (stored) => charge.sql(stored),
            );
            charge.check(charged);
            if (counts.accepted.samples + counts.accepted.sessions > 0) {
              await publishClientChange(database, tx, caller);
            }
            return counts;
          }),
        );
      },
    }),
  );
};
