// The services' stores for writers that skip HTTP: the simulator's in-process driver and bulk
// loader write through them, as the routes do.
export { judgeLowDays, storeLowDays } from './clientRecords/lowDayRuns.ts';
export type { ClientRef } from './clientRecords/steps.ts';
export { storeMetricBatch } from './deviceMetrics/store.ts';
export { recordExercise } from './exercise/store.ts';
export { changePhase } from './journey/store.ts';
export { submitAssessment, submitReflection } from './survey/store.ts';
