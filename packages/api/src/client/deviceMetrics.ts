import type {
  DeviceMetricsBatchBody,
  DeviceMetricsBatchResult,
} from '../contract/deviceMetrics.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute } from './route.ts';

/** The typed calls of the device-metrics service. */
export type DeviceMetricsClient = {
  /**
   * `POST /batches`: the signed-in client's device samples and app-usage sessions (idempotent by
   * their ids); the counts of new and already stored records.
   */
  postDeviceMetrics(body: DeviceMetricsBatchBody): Promise<DeviceMetricsBatchResult>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link DeviceMetricsClient} over the device-metrics service's request function. */
export function createDeviceMetricsClient(request: ServiceRequest): DeviceMetricsClient {
  return {
    postDeviceMetrics: (body) => callRoute(request, 'postDeviceMetrics', { body }),
    request,
  };
}
