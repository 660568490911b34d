import { defineConfig } from 'drizzle-kit';

// Run from the repository root: npx drizzle-kit generate --config packages/server/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server/src/db/schema.ts',
  out: './packages/server/migrations',
});
