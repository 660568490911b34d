// The morning attention mail's face: the job the server hosts with the account service, and its
// settings.
import type { MorningMailOptions } from './scheduler.ts';

export { morningMailJob } from './job.ts';

declare module '../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    /**
     * The morning attention mail's tick (`morningMail/scheduler.ts`: interval, coaches per tick);
     * defaults when absent, none with 'off' (test servers, unless a test asks for it). It reads the
     * time from `now`.
     */
    morningMail?: Partial<MorningMailOptions> | 'off';
  }
}
