import { defineConfig } from 'drizzle-kit';

// Run from packages/server: npm run db:generate -w @coach/server
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
});
