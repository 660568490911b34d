// The notes service's face: what the server uses of it.
export { type PeriodNotes, readPeriodNotes } from './periodNotes.ts';
export { notesService } from './routes.ts';
