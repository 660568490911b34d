// The deviceMetrics service's face: what the server uses of it.
export { deviceMetricsService } from './routes.ts';
export { storeMetricBatch } from './store.ts';
