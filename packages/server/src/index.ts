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
export { createRequireAuth, hashPassword } from './services/auth/index.ts';
export { liftedClientReadLimit, liftedClientWriteQuotas } from './services/clientRecords/index.ts';
export type { ServiceContext } from './services/core/index.ts';
export { accountService } from './services/index.ts';
export { resourceService } from './services/resource/index.ts';
export { type DemoSeeder, type StartOptions, startServer } from './start.ts';
