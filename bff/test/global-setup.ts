import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { BFF_ROOT } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated, empty PGlite database ('' when the suite runs on PostgreSQL). */
    pgliteDump: string;
    /** A migrated, empty PostgreSQL database that test databases are copied from ('' on PGlite). */
    postgresTemplate: string;
  }
}

/**
 * Migrating is the slow part of a new test database, so it happens once per run: on PGlite the
 * migrated database is dumped to a tarball that every test app loads (a fraction of a second); on
 * PostgreSQL (TEST_DATABASE_URL set) it is a template database that each test database copies.
 * The compiled server (bff/dist, what `npm start` runs) is built here too, once, for the tests that
 * start it as a process (server, crash, two-instances).
 */
export default async function setup(project: TestProject) {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: BFF_ROOT });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createPostgresTemplate(serverUrl);
    project.provide('pgliteDump', '');
    project.provide('postgresTemplate', template);
    return () => dropPostgresTemplate(serverUrl, template);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bff-test-'));
  const client = await PGlite.create();
  const database = await openDatabase({ driver: 'pglite', client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A template may not have a session open while it is copied: once migrated it is closed to
 * connections, so nothing can open one (CREATE DATABASE … TEMPLATE still reads it).
 */
async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `tmpl_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString() });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  await onServer(serverUrl, (admin) =>
    admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`),
  );
  return name;
}

async function dropPostgresTemplate(serverUrl: string, name: string) {
  await onServer(serverUrl, async (admin) => {
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  });
}
