import { defaultServiceBaseUrls, type ServiceBaseUrls, serviceNames } from '@coach/api';

/** Build-time variables that move the services (all optional). */
export type ServiceEnv = Record<string, string | boolean | undefined>;

const envName = (service: string) =>
  `VITE_API_BASE_URL_${service.toUpperCase().replaceAll('-', '_')}`;

/**
 * The base address of each service. By default same-origin `/api/<service>`; `VITE_API_ORIGIN`
 * puts every service under another origin and `VITE_API_BASE_URL_<SERVICE>` (e.g.
 * `VITE_API_BASE_URL_DEVICE_METRICS`) moves one service, so a deployment can split them.
 */
export function readServiceBaseUrls(env: ServiceEnv): ServiceBaseUrls {
  const origin = typeof env.VITE_API_ORIGIN === 'string' ? env.VITE_API_ORIGIN : '';
  const urls = defaultServiceBaseUrls(origin.replace(/\/+$/, ''));
  for (const service of serviceNames) {
    const value = env[envName(service)];
    if (typeof value === 'string' && value !== '') urls[service] = value;
  }
  return urls;
}

/** The base addresses of this build. */
export const serviceBaseUrls: ServiceBaseUrls = readServiceBaseUrls(import.meta.env);
