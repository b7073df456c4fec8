import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase } from '../../../test/build-test-app.js';

describe('health', () => {
  it('reports live and ready on a migrated database', async () => {
    const app = await buildTestApp();
    try {
      const live = await app.inject({ url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('reports not ready (503) when a shipped migration is missing from the database', async () => {
    const app = await buildTestApp();
    try {
      await app.database.query('DELETE FROM drizzle.__drizzle_migrations');
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('reports not ready when the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    try {
      await database.dispose();
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
