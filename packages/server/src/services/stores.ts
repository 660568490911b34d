// The services' stores for writers that skip HTTP: the simulator's in-process driver and bulk
// loader write through them, as the routes do.
export { type ClientRef, judgeLowDays, storeLowDays } from './clientRecords/index.ts';
export { storeMetricBatch } from './deviceMetrics/index.ts';
export { recordExercise } from './exercise/index.ts';
export { changePhase } from './journey/index.ts';
export { submitAssessment, submitReflection } from './survey/index.ts';
