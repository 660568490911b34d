import { buildServer } from './app.ts';
import { readConfig } from './config.ts';

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (error) {
  console.error(`Configuration error: ${(error as Error).message}`);
  process.exit(1);
}

const app = await buildServer(config, { logger: true });
const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(`Coach is running on http://localhost:${config.port}`);
