export { buildServer } from './app.ts';
export {
  type BackupTarget,
  backupDatabase,
  backupFormatOf,
  restoreDatabase,
} from './backup/backup.ts';
export {
  type Config,
  defaultOrganisationId,
  loadJwtSecret,
  type RuntimeConfig,
  readConfig,
  type ServerConfig,
  withoutPerAddressLimits,
} from './config.ts';
export { DomainError } from './domainError.ts';
export { createAccessTokens } from './http/accessTokens.ts';
export { createRequireAuth } from './http/authenticate.ts';
export type { ErrorBody } from './http/errorAnswers.ts';
export { openApiDocsPath, openApiJsonPath, registerOpenApi } from './openapi.ts';
export {
  type DemoAccount,
  demoAccounts,
  demoClient,
  demoCoach,
  ensureCoachAccount,
  seedDemoAccounts,
} from './seed/demo.ts';
export { accountService } from './services/account/routes.ts';
export { hashPassword } from './services/auth/passwords.ts';
export { liftedClientWriteQuotas } from './services/clientRecords/writeQuotaOptions.ts';
export type { MailMessage, ServiceContext } from './services/context.ts';
export { resourceService } from './services/resource/routes.ts';
export { type DemoSeeder, type StartOptions, startServer } from './start.ts';
