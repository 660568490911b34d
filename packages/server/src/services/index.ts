import type { ServiceName } from '@coach/api';
import type { ServicePlugin } from './context.ts';

/**
 * The services this server can host, by name. A deployment picks a subset with `SERVICES`;
 * each is registered under `/api/<name>`.
 */
export const servicePlugins: Partial<Record<ServiceName, ServicePlugin>> = {};
