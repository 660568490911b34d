import type { ServicePlugin } from '../context.ts';

/** The exercise service (`/api/exercise`). */
export const exerciseService: ServicePlugin = async () => {};
