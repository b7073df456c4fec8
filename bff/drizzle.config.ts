import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: migrations are applied by the app at start-up, never by drizzle-kit
// against a live data directory (PGlite has no cross-process lock).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
