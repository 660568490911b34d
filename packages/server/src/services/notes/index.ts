// The notes service's face: what the server uses of it.
import type { NotesQuotasInput } from './quota.ts';

export { type PeriodNotes, readPeriodNotes } from './periodNotes.ts';
export { notesService } from './routes.ts';

declare module '../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    /**
     * The coaches' notes and follow-ups a day (`notes/quota.ts`); the domain's figures when
     * absent. Read per request, so a test may change them on a running server.
     */
    notesQuotas?: NotesQuotasInput;
  }
}
