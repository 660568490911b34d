// The analytics service's face: what the server and the services above it use of it.
import type { LiveEventOptions } from './liveHub.ts';

export { attentionEpisodesJob } from './episodes/job.ts';
export { createEpisodeSweep } from './episodes/sweep.ts';
export { clientProfileSummary, clientSeries, clientSummaries } from './figures.ts';
export type { LiveEventOptions } from './liveHub.ts';
export { analyticsService } from './routes.ts';

declare module '../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    /** The live event streams' timings and caps (`analytics/liveHub.ts`); defaults when absent. */
    liveEvents?: Partial<LiveEventOptions>;
    /**
     * Most bytes of clients-list answers a process keeps (`analytics/listAnswers.ts`; 32 MB when
     * absent); 0 keeps none, every list is made (the benchmark measures both).
     */
    listAnswerBytes?: number;
  }
}
