import type { ServicePlugin } from '../context.ts';

/** The survey service (`/api/survey`). */
export const surveyService: ServicePlugin = async () => {};
