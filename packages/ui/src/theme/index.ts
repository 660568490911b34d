export { CoachUiProvider, type CoachUiProviderProps } from './CoachUiProvider.tsx';
export { coachConfig, coachSystem, fontSizes, palette, radii } from './system.ts';
