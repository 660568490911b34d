/** The platform services, each under its own base path `/api/<service>`. */
export const serviceNames = [
  'auth',
  'account',
  'survey',
  'exercise',
  'journey',
  'calendar',
  'device-metrics',
  'analytics',
  'resource',
  'messaging',
  'notes',
] as const;

export type ServiceName = (typeof serviceNames)[number];

/** The base address of every service, by name. */
export type ServiceBaseUrls = Record<ServiceName, string>;

/** Same-origin defaults: `/api/<service>`, optionally under another origin. */
export function defaultServiceBaseUrls(origin = ''): ServiceBaseUrls {
  return Object.fromEntries(
    serviceNames.map((name) => [name, `${origin}/api/${name}`]),
  ) as ServiceBaseUrls;
}
