import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { BFF_ROOT, type DatabaseConfig } from '../config.js';
import * as schema from './schema.js';

/** The one database type the code uses, whichever driver sits underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

// From bff/, which both src/config.ts and the compiled dist/server.js know as their parent.
export const MIGRATIONS_FOLDER = path.join(BFF_ROOT, 'drizzle');
const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';
/** Serialises migrations of several BFF instances starting against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_310_406_221;

export interface Database {
  driver: 'pglite' | 'postgres';
  db: Db;
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** A plain query, for checks that sit outside the schema (health, tests). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** true when the database answers and every migration shipped with this build is applied. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Inside `db.transaction(fn)`, the shared `db` handle means that transaction: code that reaches
 * the database through `db` while a transaction is open in the same async flow (a settings read
 * in the middle of dobuy, a service given `db` and called with a `tx` in hand) joins it. Without
 * this, PGlite (one connection) waits for the open transaction forever, and PostgreSQL holds two
 * pool connections per request, which starves the pool under load. A transaction opened inside
 * one becomes a savepoint of it.
 */
export function withAmbientTransactions(db: Db): Db {
  // `open` turns false when the transaction ends: work it started that outlives it (a timer, a
  // promise nobody awaited) goes back to the plain database instead of a finished transaction.
  const current = new AsyncLocalStorage<{ tx: Db; open: boolean }>();
  const transaction = (base: Db, nested: boolean): Db['transaction'] =>
    ((fn: (tx: Db) => Promise<unknown>, config?: unknown) =>
      base.transaction(
        async (tx) => {
          const scope = { tx, open: true };
          try {
            return await current.run(scope, () => fn(tx));
          } finally {
            scope.open = false;
          }
        },
        nested ? undefined : (config as never),
      )) as Db['transaction'];
  return new Proxy(db, {
    get(target, property) {
      const scope = current.getStore();
      const tx = scope?.open === true ? scope.tx : undefined;
      const base = tx ?? target;
      if (property === 'transaction') return transaction(base, tx !== undefined);
      const value: unknown = Reflect.get(base, property, base);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(base) : value;
    },
  });
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.driver === 'postgres' ? openPostgres(config.url) : openPglite(config);
}

async function openPglite(config: Extract<DatabaseConfig, { driver: 'pglite' }>): Promise<Database> {
  let client: PGlite;
  let owned: boolean;
  if ('client' in config) {
    client = config.client;
    owned = false;
  } else {
    if (config.dataDir !== undefined) mkdirSync(path.dirname(config.dataDir), { recursive: true });
    client = await PGlite.create(config.dataDir === undefined ? {} : { dataDir: config.dataDir });
    owned = true;
  }
  const pgliteDb = drizzlePglite(client, { schema });
  const db = withAmbientTransactions(pgliteDb);
  const query = async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params as unknown[])).rows;
  return {
    driver: 'pglite',
    db,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    query,
    ready: () => checkReady(query),
    async close() {
      if (owned && !client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client dropped by the server (restart, failover) must not crash the process;
  // the next query gets a fresh connection or a clear error.
  pool.on('error', () => {});
  // The same for a client in use when its connection is lost (mid-transaction): without a
  // listener its 'error' event would end the process; the query in flight fails with the error.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = withAmbientTransactions(drizzleNodePg(pool, { schema }));
  const query = async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[];
  let closed = false;
  return {
    driver: 'postgres',
    db,
    async migrate() {
      // The advisory lock is per connection, so the migration runs on the connection holding it.
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg(connection, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    },
    query,
    ready: () => checkReady(query),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function checkReady(query: <T>(text: string, params?: unknown[]) => Promise<T[]>): Promise<boolean> {
  try {
    await query('SELECT 1');
    const applied = await query<{ hash: string }>(`SELECT hash FROM "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}"`);
    const appliedHashes = new Set(applied.map((row) => row.hash));
    return shippedMigrationHashes().every((hash) => appliedHashes.has(hash));
  } catch {
    return false;
  }
}

let shipped: string[] | undefined;
function shippedMigrationHashes(): string[] {
  shipped ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.hash);
  return shipped;
}
