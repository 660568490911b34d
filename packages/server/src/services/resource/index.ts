// The resource service's face: what the server uses of it.
import type { WorkerPoolOptions } from '../../workerPool.ts';

export { resourceService } from './routes.ts';

declare module '../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    /**
     * The report renderers' worker pool (size, queue, job timeout; tests give a worker of their
     * own); defaults when absent (see `resource/reports/routes.ts`).
     */
    reports?: Partial<WorkerPoolOptions>;
  }
}
