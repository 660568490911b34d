export { CoachUiProvider, type CoachUiProviderProps } from './CoachUiProvider.tsx';
export { palette } from './palette.ts';
export { coachConfig, coachSystem, fontSizes, radii } from './system.ts';
