import { messages } from '@coach/api';
import { validateMetricBatch } from '../../domain/figures/metricBounds.ts';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { requireClientCaller } from '../clientRecords/access.ts';
import { nowOf, type ServicePlugin } from '../context.ts';
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
        const checked = validateMetricBatch(request.body, nowOf(context));
        if (!checked.ok) throw new DomainError('invalid_batch', checked.errors.join('; '));
        const owner = { organisationId, clientPersonId: caller.id, timezone: caller.timezone };
        return database.transaction((tx) => storeMetricBatch(tx, owner, checked.batch));
      },
    }),
  );
};
