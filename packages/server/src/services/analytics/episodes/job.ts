import { nowOf, type ServicePlugin } from '../../core/index.ts';
import type { EpisodeSweepOptions } from './sweep.ts';
import { createEpisodeSweep } from './sweep.ts';

/**
 * The attention episodes' sweep of a process: it reads the clients list's figures, so it runs
 * where the analytics service does. Each process hosting it sweeps; the claims keep one coach's
 * sweeps in order (see `sweep.ts`).
 */
export const attentionEpisodesJob: ServicePlugin = async (app, context) => {
  const { database, organisationId, attentionEpisodes: options } = context;
  if (options === 'off') return;
  const sweep = createEpisodeSweep({
    database,
    organisationId,
    now: () => nowOf(context),
    log: app.log,
    ...(options ? { options } : {}),
  });
  app.addHook('onReady', () => sweep.start());
  app.addHook('onClose', () => sweep.stop());
};

declare module '../../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    /**
     * The attention episodes' sweep (`analytics/episodes/sweep.ts`: interval, resweep, coaches
     * per tick); defaults when absent, none with 'off' (test servers, unless a test asks for it).
     */
    attentionEpisodes?: Partial<EpisodeSweepOptions> | 'off';
  }
}
