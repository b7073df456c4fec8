import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

const noteOf = async () =>
  (await app.database.query<{ value: unknown }>("SELECT value FROM settings WHERE key = 'notice_title'"))[0]?.value;

describe('ambient transactions', () => {
  it('a read through the shared handle inside a transaction joins it (no second connection, no wait)', async () => {
    const seen = await app.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO settings (key, value) VALUES ('notice_title', '"inside"') ON CONFLICT (key) DO UPDATE SET value = '"inside"'`,
      );
      return app.settings.get('notice_title');
    });
    expect(seen).toBe('inside');
    await app.database.query("DELETE FROM settings WHERE key = 'notice_title'");
  });

  it('what the shared handle wrote inside a transaction is rolled back with it', async () => {
    await expect(
      app.db.transaction(async () => {
        await app.settings.set({ notice_title: 'rolled back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await noteOf()).toBeUndefined();
  });

  it('a transaction opened inside one is a savepoint: its failure leaves the outer work in place', async () => {
    await app.db.transaction(async () => {
      await app.settings.set({ notice_title: 'outer' });
      await expect(
        app.db.transaction(async () => {
          await app.settings.set({ notice_title: 'inner' });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await noteOf()).toBe('outer');
    await app.database.query("DELETE FROM settings WHERE key = 'notice_title'");
  });

  it('work a transaction started but did not await uses the plain database once the transaction is over', async () => {
    let later: Promise<unknown> | undefined;
    await app.db.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => app.settings.get('notice_title'));
    });
    await expect(later).resolves.toBe('');
  });

  it('outside a transaction the handle is the plain database again: its writes commit on their own', async () => {
    await app.db.transaction(async () => undefined);
    // Bound to the finished transaction, this write would fail; bound to the next one, it would be rolled back.
    await app.settings.set({ notice_title: 'outside' });
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE settings SET value = '"inside"' WHERE key = 'notice_title'`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await noteOf()).toBe('outside');
    // A read beside a transaction that runs at the same time sees committed data only.
    const [title] = await Promise.all([
      app.settings.get('notice_title'),
      app.db.transaction(async (tx) => tx.execute(sql`SELECT 1`)),
    ]);
    expect(title).toBe('outside');
    await app.database.query("DELETE FROM settings WHERE key = 'notice_title'");
  });
});
