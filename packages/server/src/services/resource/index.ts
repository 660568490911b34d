// The resource service's face: what the server uses of it.
import type { WorkerPoolOptions } from '../../workerPool.ts';
import type { ReportQuota } from './reports/reportQuota.ts';

export { resourceService } from './routes.ts';

declare module '../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    /**
     * The report renderers' worker pool (size, queue, job timeout; tests give a worker of their
     * own); defaults when absent (see `resource/reports/routes.ts`).
     */
    reports?: Partial<WorkerPoolOptions>;
    /**
     * How many reports a coach may generate in a sliding window (`resource/reports/reportQuota.ts`);
     * the product's figures (domain's reportLimits) when absent. Read per request.
     */
    reportQuota?: Partial<ReportQuota>;
  }
}
