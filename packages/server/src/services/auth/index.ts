import type { ServicePlugin } from '../context.ts';
import { resolveAuthOptions } from './options.ts';
import { registerAuthRoutes } from './routes.ts';

export type { AuthOptions, AuthOptionsInput, RateLimit } from './options.ts';

/**
 * The auth service: sign-in, sessions (rotating refresh tokens), password reset by mailed code,
 * invites, and the users a caller may see. Tuned by `context.auth` (limits, lifetimes, clock).
 */
export const authService: ServicePlugin = async (app, context) => {
  await registerAuthRoutes(app, context, resolveAuthOptions(context.auth));
};
