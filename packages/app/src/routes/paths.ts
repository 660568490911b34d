/** The route paths of spec point 2. */
export const paths = {
  root: '/',
  clients: '/clients',
  client: '/clients/:id',
  settings: '/settings',
  changePassword: '/changePassword',
} as const;

/** The path of one client's profile. */
export const clientPath = (id: string) => `${paths.clients}/${encodeURIComponent(id)}`;
