export { CoachUiProvider, type CoachUiProviderProps } from './CoachUiProvider.tsx';
export { insertGlobalCss } from './globalCss.ts';
export { palette } from './palette.ts';
export { loadCoachSystem } from './providedSystem.ts';
export { coachConfig, coachSystem, fontSizes, radii } from './system.ts';
