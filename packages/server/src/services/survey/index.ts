// The survey service's face: what the server uses of it.
export { surveyService } from './routes.ts';
export { submitAssessment, submitReflection } from './store.ts';
