// Issue 23, outgrowing the embedded database: a stopped PGlite data folder moved into an empty
// PostgreSQL (db/move-to-postgres.ts) — the demo data of a first start, and a generated set with a
// row in every table — and the refusals: a target with rows, a folder in use, and a copy that
// differs from its folder (nothing kept). Needs a PostgreSQL server: the suite's PostgreSQL pass.
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../bench/scale/generate.mjs';
import { buildApp } from '../src/app.js';
import { BFF_ROOT } from '../src/config.js';
import { MoveRefused, moveToPostgres } from '../src/db/move-to-postgres.js';
import { buildTestApp, createTestDatabase, testConfig, type TestDatabase } from './build-test-app.js';

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

/** Rows for the tables neither the demo data nor the scale generator fills. */
const TOP_UP = [
  `INSERT INTO sessions (id, user_id, expires_at) SELECT 'move-session', id, now() + interval '1 day' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO email_tokens (id, user_id, purpose, key_hash, expires_at) SELECT 'move-token', id, 'signup_confirm', 'h', now() + interval '1 day' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO second_factors (user_id, totp_secret, confirmed_at) SELECT id, 'JBSWY3DPEHPK3PXP', now() FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO second_factor_recovery_codes (code_hash, user_id) SELECT 'move-code', id FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO second_factor_challenges (id, user_id, expires_at) SELECT 'move-challenge', id, now() + interval '5 minutes' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO passkeys (id, user_id, credential_id, public_key, name) SELECT 'move-passkey', id, 'move-credential', '\\x01'::bytea, '手机' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO webauthn_challenges (challenge, user_id, purpose, binding, expires_at) SELECT 'move-webauthn', id, 'check', 'b', now() + interval '5 minutes' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO subscription_devices (user_id, hwid, model) SELECT id, 'move-hwid', 'Pixel 8' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO subscription_fetches (user_id, ip, user_agent, hwid, kind) SELECT id, '203.0.113.5', 'FlClash/0.8', 'move-hwid', 'flclash' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO mail_outbox ("to", subject, text) VALUES ('move@example.com', '迁移', 'text')`,
  `INSERT INTO notification_events (id, event, user_id, data, dedupe_key) SELECT 'move-event', 'user.registered', id, '{"userId":"x"}', 'move-key' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO notification_deliveries (event_id, channel, target, status, attempts) VALUES ('move-event', 'webhook', 'http://127.0.0.1:9/hook', 'failed', 6)`,
  `INSERT INTO telegram_bind_codes (code_hash, user_id, expires_at) SELECT 'move-bind', id, now() + interval '10 minutes' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO notice_reads (notice_id, user_id) SELECT n.id, u.id FROM notices n, users u ORDER BY n.id, u.id LIMIT 1 ON CONFLICT DO NOTHING`,
  `INSERT INTO uploads (name, owner_id, purpose, content_type, size, content) SELECT 'move.png', id, 'avatar', 'image/png', 4, '\\x89504e47'::bytea FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO withdrawals (id, user_id, amount_cents, balance_after_cents, status, address_type, address)
     SELECT 'move-withdrawal', id, 100, 0, 'request', 'USDT-TRC20', 'T-address' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO traffic_grants (user_id, bytes, source, source_id, expires_at) SELECT id, 1024, 'test', 'move', now() + interval '1 day' FROM users ORDER BY id LIMIT 1`,
  `INSERT INTO chain_transfers (tx_id, trade_id, from_address, to_address, amount_milli, block_time) SELECT 'move-tx', id, 'Tfrom', 'Tto', 1000, now() FROM trades ORDER BY id LIMIT 1`,
  `INSERT INTO payment_stats_daily (day, pay_num, income_cents) VALUES ('2026-01-01', 1, 100) ON CONFLICT DO NOTHING`,
  `INSERT INTO rate_limits (key, points, expire) VALUES ('move', 1, now() + interval '1 hour')`,
  `INSERT INTO job_runs (name, owner, last_run_at, last_ok) VALUES ('move.job', 'test', now(), true) ON CONFLICT DO NOTHING`,
  `INSERT INTO statistics_daily (day, time_zone, pay_num, income_cents, sign_use_num, normal_user_num, normal_traffic, day_user_num,
     day_traffic_use, lottery_spend_num, lottery_spend_traffic, lottery_reward_num, lottery_reward_traffic)
   VALUES ('2026-01-01', 'Asia/Shanghai', 1, 100, 1, 1, 1024, 1, 1024, 0, 0, 0, 0) ON CONFLICT DO NOTHING`,
];

describe.skipIf(!onPostgres)('moving a PGlite data folder to PostgreSQL', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'bff-move-'));
  const demo = path.join(work, 'demo');
  const full = path.join(work, 'full');
  const targets: TestDatabase[] = [];
  let sourceCounts: Map<string, number>;

  const emptyTarget = async () => {
    const database = await createTestDatabase({ migrated: false });
    targets.push(database);
    return { database, url: (database.config as { url: string }).url };
  };
  const counts = async (query: TestDatabase['query']) => {
    const tables = await query<{ t: string }>(
      `SELECT format('%I.%I', schemaname, relname) AS t FROM pg_stat_user_tables WHERE schemaname <> 'drizzle' ORDER BY 1`,
    );
    const result = new Map<string, number>();
    for (const { t } of tables)
      result.set(t, Number((await query<{ n: unknown }>(`SELECT count(*) AS n FROM ${t}`))[0]!.n));
    return result;
  };

  beforeAll(async () => {
    // The demo data: what the server makes on its first start in a new DATA_DIR.
    const app = await buildApp(
      { ...testConfig({ DEMO_DATA: 'true' }), database: { driver: 'pglite', dataDir: path.join(demo, 'pglite') } },
      { logger: false },
    );
    await app.ready();
    await app.close();
    // The generated set: the demo data, the scale bench's data set at its smallest, and a row for
    // each table neither fills.
    cpSync(demo, full, { recursive: true });
    const client = await PGlite.create({ dataDir: path.join(full, 'pglite') });
    try {
      const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
      await generate(query, { users: 50 });
      for (const statement of TOP_UP) await client.query(statement);
      sourceCounts = await counts(async (text) => (await client.query(text)).rows as never);
    } finally {
      await client.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const target of targets) await target.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it('the generated set has a row in every table (a new table needs one here too)', () => {
    const empty = [...sourceCounts].filter(([, n]) => n === 0).map(([t]) => t);
    expect(empty).toEqual([]);
  });

  it('moves the demo data, and the portal starts on the target', async () => {
    const { database, url } = await emptyTarget();
    const report = await moveToPostgres({ from: demo, to: url });
    expect(report.tables.find((t) => t.table === 'public.users')?.rows).toBeGreaterThan(0);
    const app = await buildTestApp({ database });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const [coupons] = await database.query<{ n: unknown }>('SELECT count(*) AS n FROM coupons');
      expect(Number(coupons!.n)).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('moves a set with every table filled: the same rows, and the sequences go on from the folder', async () => {
    const { database, url } = await emptyTarget();
    const report = await moveToPostgres({ from: full, to: url, batchRows: 100 });
    expect(new Map(report.tables.map((t) => [t.table, t.rows]))).toEqual(sourceCounts);
    expect(await counts(database.query)).toEqual(sourceCounts);
    expect(report.sequences).toBeGreaterThan(0);
    // An identity column's next value follows the copied rows instead of colliding with them.
    const [row] = await database.query<{ id: unknown; max: unknown }>(
      `WITH added AS (INSERT INTO wallet_ledger (user_id, kind, amount_cents, balance_after_cents)
         SELECT id, 'adjust', 0, wallet_money FROM users ORDER BY id LIMIT 1 RETURNING id)
       SELECT (SELECT id FROM added) AS id, (SELECT max(id) FROM wallet_ledger) AS max`,
    );
    expect(Number(row!.id)).toBeGreaterThan(Number(row!.max));

    // Moved once: the same target is refused now that it holds rows.
    await expect(moveToPostgres({ from: full, to: url })).rejects.toThrow(
      /target is not empty: a move into it has already finished/,
    );
    // A database a portal has run on is refused as well.
    const used = await createTestDatabase();
    targets.push(used);
    await expect(moveToPostgres({ from: full, to: (used.config as { url: string }).url })).rejects.toThrow(
      /target is not empty: it has \d+ tables/,
    );
  });

  it('refuses when the copy differs from the folder, and keeps nothing', async () => {
    const { database, url } = await emptyTarget();
    const move = moveToPostgres({
      from: full,
      to: url,
      // What a lost batch or a changed row would look like, made inside the copy's transaction.
      beforeChecks: async (query) => {
        await query('DELETE FROM error_log WHERE id = (SELECT min(id) FROM error_log)');
        await query(
          'UPDATE users SET wallet_money = wallet_money + 1, wallet_withdrawable = wallet_withdrawable + 1 WHERE id = (SELECT min(id) FROM users)',
        );
      },
    });
    await expect(move).rejects.toBeInstanceOf(MoveRefused);
    await expect(move).rejects.toThrow(
      /error_log: \d+ rows in the folder, \d+ on the target[\s\S]*total wallets[\s\S]*wallets that differ from their ledger/,
    );
    const after = await counts(database.query);
    expect([after.get('public.users'), after.get('public.error_log')]).toEqual([0, 0]);
    expect(await database.query('SELECT status FROM drizzle.portal_move')).toEqual([{ status: 'incomplete' }]);
    // Marked incomplete, the target takes a new move.
    await moveToPostgres({ from: full, to: url });
    expect(await counts(database.query)).toEqual(sourceCounts);
    expect(await database.query('SELECT status FROM drizzle.portal_move')).toEqual([{ status: 'complete' }]);
  });

  it('refuses a folder in use or left open, and the command says why with exit code 1', async () => {
    const { url } = await emptyTarget();
    // What PGlite leaves while it has the folder open: refused whether or not a process is found
    // holding the folder's files (on Linux it is named).
    const pidFile = path.join(demo, 'pglite', 'postmaster.pid');
    writeFileSync(pidFile, '-42\n');
    const holder = spawn('sh', ['-c', 'exec 3<"$1"; exec sleep 60', 'sh', path.join(demo, 'pglite', 'PG_VERSION')]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const expected =
        process.platform === 'linux' ? new RegExp(`in use by process ${holder.pid}`) : /in use|not closed cleanly/;
      await expect(moveToPostgres({ from: demo, to: url })).rejects.toThrow(expected);
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
      await expect(moveToPostgres({ from: demo, to: url })).rejects.toThrow(/not closed cleanly/);
    } finally {
      holder.kill();
      rmSync(pidFile);
    }
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/move-to-postgres.ts', '--from', path.join(work, 'none'), '--to', url],
      {
        cwd: BFF_ROOT,
        env: { ...process.env, INIT_CWD: work },
      },
    );
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/move refused: .*holds no PGlite database/),
    });
  });
});
