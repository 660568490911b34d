// The app core's coach settings: what features may import. The signed-in coach's timezone and
// morning mail as the server holds them: Settings edits them, the client profile reads the
// coach's day from them.
export { coachSettingsAtom, coachSettingsLoadableAtom } from './atoms/coachSettingsAtom.ts';
export { useCoachTimeZone } from './useCoachTimeZone.ts';
