import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../src/config.js';

export const TEST_ADMIN = { email: 'admin@test.local', password: 'admin-test-password' } as const;

/** A fresh database (migrated unless asked otherwise) that outlives the apps built on it until disposed. */
export interface TestDatabase {
  config: DatabaseConfig;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  dispose(): Promise<void>;
}

/**
 * PGlite: loaded from the tarball the global setup made. PostgreSQL (TEST_DATABASE_URL set):
 * a new database `t_<random>` on that server, a copy of the global setup's template, dropped on
 * dispose. `migrated: false` gives an empty database instead, for tests of the start-up migration.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createPostgresDatabase(serverUrl, migrated ? inject('postgresTemplate') : undefined);
  const client = await PGlite.create(migrated ? { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) } : {});
  return {
    config: { driver: 'pglite', client },
    query: async (text, params) => (await client.query(text, params)).rows as never,
    dispose: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function createPostgresDatabase(serverUrl: string, template: string | undefined): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(
      template === undefined ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  return {
    config: { driver: 'postgres', url: url.toString() },
    query: async (text, params) => (await pool.query(text, params)).rows,
    dispose: async () => {
      await pool.end();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      try {
        await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleaner.end();
      }
    },
  };
}

/** Collects the JSON log lines an app writes. */
export class LogCapture extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
  messages(): string[] {
    return this.lines.map((l) => String(l.msg ?? ''));
  }
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults; `undefined` removes a default. */
  env?: Record<string, string | undefined>;
  /** Share a database between several apps (e.g. two starts); otherwise each app gets its own. */
  database?: TestDatabase;
  /** Captures the log at `info` and above instead of silencing it. */
  logs?: LogCapture;
  /** Extra routes, registered before the app is ready. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  const merged: Record<string, string | undefined> = {
    LOG_LEVEL: 'silent',
    SERVE_STATIC: 'false',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Notifications are delivered (and the periodic checks run) when a test says so (jobs.runNow).
    NOTIFY_INTERVAL_MS: '3600000',
    ...env,
  };
  return loadConfig(merged);
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await createTestDatabase());
  const config: AppConfig = { ...testConfig(options.env), database: database.config };
  const logger = options.logs ? { level: 'info', stream: options.logs } : false;
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger });
  } catch (err) {
    if (options.database === undefined) await database.dispose();
    throw err;
  }
  if (options.database === undefined) {
    app.addHook('onClose', async () => {
      await database.dispose();
    });
  }
  try {
    await options.configure?.(app);
    await app.ready();
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
