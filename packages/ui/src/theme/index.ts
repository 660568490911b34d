export { coachSystem, fontSizes, palette, radii } from './system.ts';
export { CoachUiProvider, type CoachUiProviderProps } from './CoachUiProvider.tsx';
