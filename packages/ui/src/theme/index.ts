export { CoachUiProvider, type CoachUiProviderProps } from './CoachUiProvider.tsx';
export { coachSystem, fontSizes, palette, radii } from './system.ts';
