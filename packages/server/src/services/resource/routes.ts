import type { ServicePlugin } from '../core/index.ts';
import { profilePictureRoutes } from './pictureRoutes.ts';
import { reportRoutes } from './reports/routes.ts';

/**
 * The resource service (`/api/resource`): the files it keeps in PostgreSQL, profile pictures and
 * client reports (PDF), each in a scope of its own: the picture routes read any body as raw
 * bytes with their own upload limit, the report routes take JSON.
 */
export const resourceService: ServicePlugin = async (app, context) => {
  await app.register(async (scope) => profilePictureRoutes(scope, context));
  await app.register(async (scope) => reportRoutes(scope, context));
};
