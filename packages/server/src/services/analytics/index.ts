import type { ServicePlugin } from '../context.ts';

/** The analytics service (`/api/analytics`). */
export const analyticsService: ServicePlugin = async () => {};
