import type { FastifyInstance } from 'fastify';
import type { AuthRouteDeps } from '../routeDeps.ts';
import { authenticatorRoutes } from './authenticatorRoutes.ts';
import { passkeyRoutes } from './passkeyRoutes.ts';
import { secondStepRoutes } from './secondStepRoutes.ts';
import { stepUpRoutes } from './stepUpRoutes.ts';

/** The calls of a coach's second sign-in factors (decision 73). */
export function factorRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  secondStepRoutes(app, auth);
  passkeyRoutes(app, auth);
  authenticatorRoutes(app, auth);
  stepUpRoutes(app, auth);
}
