/** The route paths of requirements R2.1. */
export const paths = {
  root: '/',
  clients: '/clients',
  client: '/clients/:id',
  /** The profile at one of its groups (`clientProfileGroups`): '/clients/:id/activity'. */
  clientGroup: '/clients/:id/:group?',
  settings: '/settings',
  /** The attention queue's start (the morning mail's link): opens its first client (decision 96). */
  queue: '/queue',
  changePassword: '/changePassword',
  /** The public invite page (decisions), signed out and signed in: `/invite?token=...`. */
  invite: '/invite',
  /** A security notice's 'it was not me' link (issue 64), signed out and signed in: `/secure?token=...`. */
  secure: '/secure',
} as const;

/**
 * The groups of a client's profile, in tab order: the first is the profile's own path, each other
 * one a path segment of its own, in English whatever the coach's language (a link works for all).
 */
export const clientProfileGroups = [
  'overview',
  'indicators',
  'activity',
  'assessments',
  'reports',
] as const;

/** A group of a client's profile. */
export type ClientProfileGroup = (typeof clientProfileGroups)[number];

/** The path of one client's profile, at one of its groups (the overview by default). */
export const clientPath = (id: string, group: ClientProfileGroup = 'overview') =>
  `${paths.clients}/${encodeURIComponent(id)}${group === 'overview' ? '' : `/${group}`}`;
