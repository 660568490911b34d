// The server's configuration, by job: its shape and defaults (config/types.ts), the readers of
// the environment (config/environment.ts), its adapter to Fastify (config/fastifyTrustProxy.ts)
// and the JWT secret's file (config/jwtSecret.ts); the database's part is the database's own
// (db/databaseConfig.ts).
export { checkMailSetup, readConfig } from './config/environment.ts';
export { fastifyTrustProxy } from './config/fastifyTrustProxy.ts';
export { loadJwtSecret } from './config/jwtSecret.ts';
export {
  type Config,
  defaultMailFrom,
  defaultOrganisationId,
  defaultStaticDir,
  type RuntimeConfig,
  type ServerConfig,
  withoutPerAddressLimits,
} from './config/types.ts';
export { checkDatabaseUrl } from './db/databaseConfig.ts';
