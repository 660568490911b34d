/** The route paths of requirements R2.1. */
export const paths = {
  root: '/',
  clients: '/clients',
  client: '/clients/:id',
  settings: '/settings',
  changePassword: '/changePassword',
  /** The public invite page (decisions), signed out and signed in: `/invite?token=...`. */
  invite: '/invite',
  /** A security notice's 'it was not me' link (issue 64), signed out and signed in: `/secure?token=...`. */
  secure: '/secure',
} as const;

/** The path of one client's profile. */
export const clientPath = (id: string) => `${paths.clients}/${encodeURIComponent(id)}`;
