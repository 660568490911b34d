// The journey service's face: what the server uses of it.
export { journeyService } from './routes.ts';
export { changePhase } from './store.ts';
