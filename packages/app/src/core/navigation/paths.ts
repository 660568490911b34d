/** The route paths of requirements R2.1. */
export const paths = {
  root: '/',
  clients: '/clients',
  client: '/clients/:id',
  settings: '/settings',
  changePassword: '/changePassword',
  /** The public invite page (decisions), signed out and signed in: `/invite?token=...`. */
  invite: '/invite',
} as const;

/** The path of one client's profile. */
export const clientPath = (id: string) => `${paths.clients}/${encodeURIComponent(id)}`;
