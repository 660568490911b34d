// The exercise service's face: what the server uses of it.
export { exerciseService } from './routes.ts';
export { recordExercise } from './store.ts';
