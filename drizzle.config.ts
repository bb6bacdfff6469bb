import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns changes of the schema into a new SQL migration; the API server and the admin
// CLI apply pending migrations at start (server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
