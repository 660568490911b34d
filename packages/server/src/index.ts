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
export { liftedClientReadLimit } from './http/clientReadLimit.ts';
export type { ErrorBody } from './http/errorAnswers.ts';
export type { MailMessage } from './mail/mailer.ts';
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
export { createRequireAuth } from './services/auth/requireAuth.ts';
export { liftedClientWriteQuotas } from './services/clientRecords/writeQuotaOptions.ts';
export type { ServiceContext } from './services/context.ts';
export { resourceService } from './services/resource/routes.ts';
export { type DemoSeeder, type StartOptions, startServer } from './start.ts';
