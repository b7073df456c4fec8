import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/build-test-app.js';
import { MIGRATIONS_FOLDER } from '../../db/client.js';

/**
 * Migration 0016 on data as it stood before it: the statements are idempotent, so they are run
 * again on a database put back into that state (admins and operations staff in users.type).
 */
let db: TestDatabase;

const statements = readFileSync(path.join(MIGRATIONS_FOLDER, '0016_staff.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => s !== '');

async function user(id: string, email: string, type: string, createdAt: string) {
  await db.query(
    `INSERT INTO users (id, email, password_hash, type, userkey, email_confirmed, created_at)
     VALUES ($1, $2, 'x', $3, $4, true, $5)`,
    [id, email, type, `key-${id}`, createdAt],
  );
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.query('DELETE FROM staff_members');
  await db.query("DELETE FROM settings WHERE key = 'admin_id'");
  await user('m0000000000000000000000b', 'second-admin@example.com', 'admin', '2025-02-01T00:00:00Z');
  await user('m0000000000000000000000a', 'first-admin@example.com', 'admin', '2025-01-01T00:00:00Z');
  await user('m0000000000000000000000c', 'ops@example.com', 'yunying', '2025-03-01T00:00:00Z');
  await user('m0000000000000000000000d', 'someone@example.com', 'channel', '2025-03-01T00:00:00Z');
  for (const statement of statements) await db.query(statement);
});

afterAll(async () => {
  await db.dispose();
});

describe('migration 0016 (staff)', () => {
  it('moves admin and yunying users into staff_members and leaves them type normal', async () => {
    expect(await db.query('SELECT user_id, role_id FROM staff_members ORDER BY user_id')).toEqual([
      { user_id: 'm0000000000000000000000a', role_id: 'admin' },
      { user_id: 'm0000000000000000000000b', role_id: 'admin' },
      { user_id: 'm0000000000000000000000c', role_id: 'yunying' },
    ]);
    expect(await db.query("SELECT id, type::text AS type FROM users WHERE id LIKE 'm0%' ORDER BY id")).toEqual([
      { id: 'm0000000000000000000000a', type: 'normal' },
      { id: 'm0000000000000000000000b', type: 'normal' },
      { id: 'm0000000000000000000000c', type: 'normal' },
      { id: 'm0000000000000000000000d', type: 'channel' },
    ]);
  });

  it('names the earliest admin the owner (admin_id, by id), and keeps the built-in roles', async () => {
    expect(await db.query("SELECT value #>> '{}' AS value FROM settings WHERE key = 'admin_id'")).toEqual([
      { value: 'm0000000000000000000000a' },
    ]);
    expect(await db.query('SELECT id, name, builtin FROM staff_roles ORDER BY id')).toEqual([
      { id: 'admin', name: '管理员', builtin: true },
      { id: 'yunying', name: '运营', builtin: true },
    ]);
  });
});
