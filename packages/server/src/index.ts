export { buildServer } from './app.ts';
export {
  type Config,
  loadJwtSecret,
  type RuntimeConfig,
  readConfig,
  type ServerConfig,
} from './config.ts';
export type { ErrorBody } from './http/errorAnswers.ts';
export { openApiDocsPath, openApiJsonPath, registerOpenApi } from './openapi.ts';
export { demoAccounts, demoClient, demoCoach, seedDemo } from './seed/demo.ts';
export { accountService } from './services/account/routes.ts';
export { resourceService } from './services/resource/routes.ts';
