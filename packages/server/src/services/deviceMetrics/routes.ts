import { messages, validateMetricBatch } from '@coach/domain';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import {
  checkWriteRate,
  requireClientCaller,
  withQuotaInStatement,
} from '../clientRecords/index.ts';
import { clientChangeNotice, nowOf, type ServicePlugin } from '../core/index.ts';
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
        const checked = validateMetricBatch(request.body, now);
        if (!checked.ok) {
          // Counted against the rate as every batch is, and refused past it first.
          await checkWriteRate(context, request, caller, 'deviceBatch', now);
          throw new DomainError('invalid_batch', checked.errors.join('; '));
        }
        const owner = { organisationId, clientPersonId: caller.id, timezone: caller.timezone };
        // One statement, committed on its own (decision 80): the rate's charge (once per batch,
        // whatever its size), the batch, its roll-up, the daily ceilings' charge of only the new
        // samples and sessions (a batch sent again is not charged again) and the live notice.
        return withQuotaInStatement(context, request, caller, 'deviceBatch', now, (quota) =>
          storeMetricBatch(database.db, owner, checked.batch, {
            quota,
            notice: clientChangeNotice(database, caller),
          }),
        );
      },
    }),
  );
};
