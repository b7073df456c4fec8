import { configDefaults, defineConfig } from 'vitest/config';
import { DATABASE_INDEPENDENT_TESTS } from './test/database-independent.js';

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The PostgreSQL pass leaves out what the PGlite pass has already proved (see the list).
    exclude: [...configDefaults.exclude, ...(onPostgres ? Object.keys(DATABASE_INDEPENDENT_TESTS) : [])],
    globalSetup: ['./test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // The files of a worker share one module graph: each builds its own app and database, and
    // importing the app once per worker instead of once per file halves the run (379 → 181 s on
    // PGlite, measured). A file must leave no state behind it (timers, env): none does today.
    isolate: false,
    // Each test app holds its own PGlite (a few hundred MB while open); two workers fit the 2-core machines.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
