import type { ServicePlugin } from '../context.ts';

/** The calendar service (`/api/calendar`). */
export const calendarService: ServicePlugin = async () => {};
