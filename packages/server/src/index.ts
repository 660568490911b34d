export { buildServer, type ErrorBody } from './app.ts';
export { readConfig, type ServerConfig } from './config.ts';
