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
    // Each test app holds its own PGlite (a few hundred MB while open); two workers fit the 2-core machines.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
