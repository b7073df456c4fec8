import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated, empty PGlite database ('' when the suite runs on PostgreSQL). */
    pgliteDump: string;
  }
}

/**
 * initdb is the slow part of a PGlite database, so it runs once: the migrated database is dumped
 * to a tarball that every test app loads (a fraction of a second).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteDump', '');
    return;
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
  return () => rmSync(dir, { recursive: true, force: true });
}
