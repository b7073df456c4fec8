import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from './client.js';
import { MONEY_INVARIANTS, TRAFFIC_INVARIANTS, type Query } from './invariants.js';

/** The move did not happen, for the reason given; the target holds no rows of the folder. */
export class MoveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveRefused';
  }
}

export interface MoveOptions {
  /** DATA_DIR (holding `pglite/`) or the PGlite folder itself. */
  from: string;
  /** postgres:// URL of an empty database. */
  to: string;
  log?: (line: string) => void;
  /** Rows per INSERT at most (each also stays under BATCH_BYTES). */
  batchRows?: number;
  /** Tests only: runs on the target's open transaction just before the checks. */
  beforeChecks?: (target: Query) => Promise<void>;
}

export interface MoveReport {
  tables: Array<{ table: string; rows: number }>;
  sequences: number;
  /** Invariants the source already broke (the target breaks them the same way). */
  warnings: string[];
}

const BATCH_ROWS = 5_000;
/** JSON text per INSERT at most: uploads hold images of up to 4 MB (8 MB as hex). */
const BATCH_BYTES = 16 * 1024 * 1024;
/**
 * Rows per FETCH from the folder: few at first (a row of uploads is up to 8 MB of JSON, and the
 * embedded database's memory is limited), then as many as fit a quarter of BATCH_BYTES at the
 * widths seen so far.
 */
const FIRST_FETCH_ROWS = 10;
const MAX_FETCH_ROWS = 1_000;
/** Schemas that are not the portal's data: PostgreSQL's own, and the migrator's journal. */
const OTHER_SCHEMAS = `('pg_catalog', 'information_schema', 'drizzle')`;
/**
 * The portal's schemas are the folder's (public today): on the target only those are looked at,
 * so a hosted PostgreSQL's own schemas (an extension's, a provider's) neither count as data nor
 * take part in the copy.
 */
const SOURCE_SCHEMAS = `SELECT DISTINCT n.nspname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'S') AND n.nspname NOT IN ${OTHER_SCHEMAS} AND n.nspname NOT LIKE 'pg\\_%' ORDER BY 1`;
const inSchemas = (schemas: string[]) =>
  `SELECT oid FROM pg_namespace WHERE nspname IN (${schemas.map((name) => `'${name.replaceAll("'", "''")}'`).join(', ')})`;

/** One row: 'incomplete' from the start of a move until its copy commits, then 'complete'. */
const MOVE_MARKER = 'drizzle.portal_move';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Where the PGlite files are: DATA_DIR/pglite (what `npm start` uses) or the folder given. */
export function pgliteFolder(from: string): string {
  const resolved = path.resolve(from);
  for (const candidate of [path.join(resolved, 'pglite'), resolved]) {
    if (existsSync(path.join(candidate, 'PG_VERSION'))) return candidate;
  }
  throw new MoveRefused(`${resolved} holds no PGlite database (no PG_VERSION in it or in its pglite/ folder)`);
}

/**
 * PGlite writes postmaster.pid while it has the folder open and removes it when closed. The file
 * alone cannot tell a running portal from one that was killed, so on Linux the processes with
 * files open in the folder are named; either way the move waits for a folder closed cleanly.
 */
export function refuseFolderInUse(folder: string): void {
  if (!existsSync(path.join(folder, 'postmaster.pid'))) return;
  const holders = processesWithFilesIn(folder);
  if (holders.length > 0) {
    throw new MoveRefused(`${folder} is in use by process ${holders.join(', ')}: stop the portal first`);
  }
  throw new MoveRefused(
    `${folder} was not closed cleanly (postmaster.pid is there, and no process was found holding it): ` +
      'start the portal on it once and stop it (Ctrl-C or SIGTERM), then move',
  );
}

function processesWithFilesIn(folder: string): number[] {
  const holders: number[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid);
  } catch {
    return holders; // no /proc (not Linux)
  }
  for (const pid of pids) {
    try {
      const open = readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(`${folder}${path.sep}`);
        } catch {
          return false;
        }
      });
      if (open) holders.push(Number(pid));
    } catch {
      // another user's process, or one that has just ended
    }
  }
  return holders;
}

interface Catalog {
  /** Qualified, quoted table name → its columns (generated ones marked). */
  tables: Map<string, { columns: string[]; generated: string[] }>;
  sequences: string[];
}

async function readCatalog(query: Query, schemas: string[]): Promise<Catalog> {
  const columns = await query<{ tbl: string; col: string; generated: boolean }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS tbl, a.attname AS col, a.attgenerated <> '' AS generated
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relkind = 'r' AND n.oid IN (${inSchemas(schemas)})
      ORDER BY 1, a.attnum`,
  );
  const tables = new Map<string, { columns: string[]; generated: string[] }>();
  for (const row of columns) {
    const entry = tables.get(row.tbl) ?? { columns: [], generated: [] };
    (row.generated ? entry.generated : entry.columns).push(row.col);
    tables.set(row.tbl, entry);
  }
  const sequences = await query<{ seq: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS seq FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.oid IN (${inSchemas(schemas)}) ORDER BY 1`,
  );
  return { tables, sequences: sequences.map((s) => s.seq) };
}

async function appliedMigrations(query: Query): Promise<string[] | undefined> {
  const [journal] = await query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (journal?.present !== true) return undefined;
  return (await query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations')).map((r) => r.hash);
}

/**
 * Per table: its row count and an order-free checksum of every row's content (the sum of a
 * 60-bit slice of each row's md5), so equal figures mean the same rows whatever order they lie in.
 */
async function tableFigures(query: Query, tables: string[]): Promise<Map<string, { rows: string; sum: string }>> {
  const figures = new Map<string, { rows: string; sum: string }>();
  for (const table of tables) {
    const [row] = await query<{ rows: string; sum: string }>(
      `SELECT count(*)::text AS rows,
              coalesce(sum(('x' || substr(md5(row_to_json(t)::text), 1, 15))::bit(60)::bigint::numeric), 0)::text AS sum
         FROM ${table} t`,
    );
    figures.set(table, row!);
  }
  return figures;
}

/** Each invariant as the number of records breaking it and a digest of their ids. */
async function invariantFigures(query: Query): Promise<Map<string, { count: number; digest: string; ids: string[] }>> {
  const figures = new Map<string, { count: number; digest: string; ids: string[] }>();
  for (const invariant of [...MONEY_INVARIANTS, ...TRAFFIC_INVARIANTS]) {
    const [row] = await query<{ n: string; digest: string; ids: string[] | null }>(
      `SELECT count(*)::text AS n, md5(coalesce(string_agg(id::text, ',' ORDER BY id::text), '')) AS digest,
              (array_agg(id::text ORDER BY id::text))[1:5] AS ids
         FROM (${invariant.sql}) v`,
    );
    figures.set(invariant.problem, { count: Number(row!.n), digest: row!.digest, ids: row!.ids ?? [] });
  }
  return figures;
}

/** Money and traffic totals, read the same way on both sides. */
const TOTALS = `SELECT
  (SELECT coalesce(sum(wallet_money), 0) FROM users)::text AS wallets,
  (SELECT coalesce(sum(wallet_withdrawable), 0) FROM users)::text AS withdrawable,
  (SELECT coalesce(sum(amount_cents), 0) FROM wallet_ledger)::text AS ledger,
  (SELECT coalesce(sum(withdrawable_cents), 0) FROM wallet_ledger)::text AS ledger_withdrawable,
  (SELECT coalesce(sum(traffic), 0) FROM users)::text AS traffic,
  (SELECT coalesce(sum(spend_traffic), 0) FROM users)::text AS spend,
  (SELECT coalesce(sum(traffic_change), 0) FROM traffic_records)::text AS traffic_records,
  (SELECT coalesce(sum(charged), 0) FROM user_daily_usage)::text AS daily_charged,
  (SELECT coalesce(sum(upload + download), 0) FROM node_traffic_reports)::text AS reported,
  (SELECT coalesce(sum(order_money_cents), 0) FROM orders)::text AS orders,
  (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals)::text AS withdrawals`;

/**
 * Copies a stopped PGlite data folder into an empty PostgreSQL database: the schema by the
 * migrations (the server's migrator), then, in one transaction, every table's rows in batches with
 * user triggers off and foreign keys dropped and added back (which checks them), every sequence
 * set to its value, and the checks: row counts and content checksums of every table, sequences,
 * money and traffic totals and invariants equal on both sides. Any difference rolls the
 * transaction back and throws MoveRefused: the target then holds the schema and no rows of the
 * folder, and stays marked incomplete (drizzle.portal_move), so a later move may start over on it.
 */
export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const batchRows = options.batchRows ?? BATCH_ROWS;
  const folder = pgliteFolder(options.from);
  refuseFolderInUse(folder);
  const shipped = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.hash);

  const target = new pg.Client({ connectionString: options.to });
  try {
    await target.connect();
  } catch (err) {
    throw new MoveRefused(`cannot connect to the target: ${(err as Error).message}`);
  }
  let source: PGlite | undefined;
  try {
    const targetQuery: Query = async (text, params) => (await target.query(text, params)).rows as never;
    log(`opening ${folder}`);
    source = await PGlite.create({ dataDir: folder });
    const pglite = source;
    const sourceQuery: Query = async (text, params) => (await pglite.query(text, params)).rows as never;
    await sourceQuery(`SET TimeZone = 'UTC'`);
    const sourceApplied = (await appliedMigrations(sourceQuery)) ?? [];
    const missing = shipped.filter((hash) => !sourceApplied.includes(hash)).length;
    const unknown = sourceApplied.filter((hash) => !shipped.includes(hash)).length;
    if (missing > 0 || unknown > 0) {
      throw new MoveRefused(
        `the data folder was last run by another version of the portal (${missing} migrations of this version not ` +
          `applied, ${unknown} unknown to it): start this version on it once (it applies the migrations), stop it, then move`,
      );
    }
    const schemas = (await sourceQuery<{ name: string }>(SOURCE_SCHEMAS)).map((row) => row.name);
    if (schemas.length === 0) throw new MoveRefused(`${folder} holds no tables`);

    // Refused before anything is written: a target that holds anything but an earlier move of
    // ours that did not finish (marked in MOVE_MARKER).
    const before = await readCatalog(targetQuery, schemas);
    const [marked] = await targetQuery<{ present: boolean }>(
      `SELECT to_regclass('${MOVE_MARKER}') IS NOT NULL AS present`,
    );
    const [marker] =
      marked?.present === true
        ? await targetQuery<{ status: string }>(`SELECT status FROM ${MOVE_MARKER} LIMIT 1`)
        : [];
    if (marker?.status === 'complete')
      throw new MoveRefused('the target is not empty: a move into it has already finished');
    if (
      marker?.status !== 'incomplete' &&
      (before.tables.size > 0 || (await appliedMigrations(targetQuery)) !== undefined)
    ) {
      throw new MoveRefused(
        `the target is not empty: it has ${before.tables.size} tables (${[...before.tables.keys()].slice(0, 3).join(', ')}…); move into a new, empty database`,
      );
    }
    const targetApplied = await appliedMigrations(targetQuery);
    if (targetApplied?.some((hash) => !shipped.includes(hash))) {
      throw new MoveRefused('the target was migrated by a newer version of the portal');
    }

    // Marked before the schema goes in: until the copy commits, the target says it is incomplete
    // (a later move may then start over on it; nothing else should use it).
    await targetQuery('CREATE SCHEMA IF NOT EXISTS drizzle');
    await targetQuery(
      `CREATE TABLE IF NOT EXISTS ${MOVE_MARKER} (status text NOT NULL, source text NOT NULL, started_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz)`,
    );
    await targetQuery(`DELETE FROM ${MOVE_MARKER}`);
    await targetQuery(`INSERT INTO ${MOVE_MARKER} (status, source) VALUES ('incomplete', $1)`, [folder]);
    log('creating the schema on the target (migrations)');
    const migrator = await openDatabase({ driver: 'postgres', url: options.to });
    try {
      await migrator.migrate();
    } finally {
      await migrator.close();
    }

    const catalog = await readCatalog(sourceQuery, schemas);
    const targetCatalog = await readCatalog(targetQuery, schemas);
    const describe = (c: Catalog) =>
      JSON.stringify([[...c.tables.entries()].sort(([a], [b]) => a.localeCompare(b)), c.sequences]);
    if (describe(catalog) !== describe(targetCatalog)) {
      throw new MoveRefused('the tables of the data folder differ from those the migrations made on the target');
    }
    const tables = [...catalog.tables.keys()];

    await targetQuery('BEGIN');
    try {
      await targetQuery(`SET LOCAL TimeZone = 'UTC'`);
      // Nothing else writes while the rows go in (an instance started on the target waits).
      await targetQuery(`LOCK TABLE ${tables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
      // Rows are copied as they are: triggers (which would write again what the rows already
      // hold) stay off, and foreign keys are added back after the copy, which checks every one.
      const triggers = await targetQuery<{ tbl: string; name: string }>(
        `SELECT tgrelid::regclass::text AS tbl, tgname AS name FROM pg_trigger
          WHERE NOT tgisinternal AND tgenabled <> 'D' AND tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace IN (${inSchemas(schemas)}))`,
      );
      for (const t of triggers) await targetQuery(`ALTER TABLE ${t.tbl} DISABLE TRIGGER ${ident(t.name)}`);
      const foreignKeys = await targetQuery<{ tbl: string; name: string; def: string }>(
        `SELECT conrelid::regclass::text AS tbl, conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
          WHERE contype = 'f' AND connamespace IN (${inSchemas(schemas)})`,
      );
      for (const fk of foreignKeys) await targetQuery(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${ident(fk.name)}`);
      // Rows the migrations wrote themselves (the folder has its own, from the same migrations),
      // and those of an earlier move that did not finish.
      await targetQuery(`TRUNCATE ${tables.join(', ')}`);

      const copied: MoveReport['tables'] = [];
      for (const table of tables) {
        const rows = await copyTable(pglite, targetQuery, table, catalog.tables.get(table)!.columns, batchRows);
        copied.push({ table, rows });
        log(`${table}: ${rows} rows`);
      }
      for (const fk of foreignKeys)
        await targetQuery(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${ident(fk.name)} ${fk.def}`);
      for (const t of triggers) await targetQuery(`ALTER TABLE ${t.tbl} ENABLE TRIGGER ${ident(t.name)}`);

      const readSequence = async (query: Query, seq: string) =>
        (
          await query<{ last: string; called: boolean }>(
            `SELECT last_value::text AS last, is_called AS called FROM ${seq}`,
          )
        )[0]!;
      for (const seq of catalog.sequences) {
        const { last, called } = await readSequence(sourceQuery, seq);
        await targetQuery('SELECT setval($1::regclass, $2::bigint, $3)', [seq, last, called]);
      }

      await options.beforeChecks?.(targetQuery);
      log('checking both sides');
      const differences: string[] = [];
      const [sourceTables, targetTables] = [
        await tableFigures(sourceQuery, tables),
        await tableFigures(targetQuery, tables),
      ];
      for (const table of tables) {
        const [s, t] = [sourceTables.get(table)!, targetTables.get(table)!];
        if (s.rows !== t.rows) differences.push(`${table}: ${s.rows} rows in the folder, ${t.rows} on the target`);
        else if (s.sum !== t.sum) differences.push(`${table}: the rows' contents differ`);
      }
      for (const seq of catalog.sequences) {
        const [s, t] = [await readSequence(sourceQuery, seq), await readSequence(targetQuery, seq)];
        if (s.last !== t.last || s.called !== t.called)
          differences.push(`sequence ${seq}: ${s.last} in the folder, ${t.last} on the target`);
      }
      const [sourceTotals, targetTotals] = [
        (await sourceQuery<Record<string, string>>(TOTALS))[0]!,
        (await targetQuery<Record<string, string>>(TOTALS))[0]!,
      ];
      for (const [name, value] of Object.entries(sourceTotals)) {
        if (targetTotals[name] !== value)
          differences.push(`total ${name}: ${value} in the folder, ${targetTotals[name]} on the target`);
      }
      const warnings: string[] = [];
      const [sourceInvariants, targetInvariants] = [
        await invariantFigures(sourceQuery),
        await invariantFigures(targetQuery),
      ];
      for (const [problem, s] of sourceInvariants) {
        const t = targetInvariants.get(problem)!;
        if (s.digest !== t.digest)
          differences.push(`${problem}: ${s.count} in the folder, ${t.count} on the target (${t.ids.join(', ')})`);
        else if (s.count > 0)
          warnings.push(`${problem}: ${s.count} in the folder and on the target alike (${s.ids.join(', ')})`);
      }
      if (differences.length > 0) {
        throw new MoveRefused(
          `the copy differs from the data folder, nothing was kept:\n  ${differences.join('\n  ')}`,
        );
      }
      await targetQuery(`UPDATE ${MOVE_MARKER} SET status = 'complete', finished_at = now()`);
      await targetQuery('COMMIT');
      return { tables: copied, sequences: catalog.sequences.length, warnings };
    } catch (err) {
      await targetQuery('ROLLBACK').catch(() => undefined);
      throw err;
    }
  } finally {
    await target.end().catch(() => undefined);
    if (source !== undefined && !source.closed) await source.close();
  }
}

/**
 * Reads the table through a cursor (one pass, whatever its size) as each row's JSON text, and
 * writes batches with json_populate_recordset: values go as PostgreSQL's own text forms (bigint,
 * numeric, bytea, timestamps exactly), never through JavaScript numbers or dates.
 */
async function copyTable(
  source: PGlite,
  target: Query,
  table: string,
  columns: string[],
  batchRows: number,
): Promise<number> {
  const list = columns.map(ident).join(', ');
  const insert = `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE
    SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`;
  let batch: string[] = [];
  let bytes = 0;
  let total = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await target(insert, [`[${batch.join(',')}]`]);
    total += batch.length;
    batch = [];
    bytes = 0;
  };
  await source.query('BEGIN');
  try {
    await source.query(`DECLARE move_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${table} t`);
    let fetchRows = FIRST_FETCH_ROWS;
    let widest = 1;
    for (;;) {
      const { rows } = await source.query<{ r: string }>(`FETCH ${fetchRows} FROM move_rows`);
      for (const { r } of rows) {
        batch.push(r);
        bytes += r.length;
        widest = Math.max(widest, r.length);
        if (batch.length >= batchRows || bytes >= BATCH_BYTES) await flush();
      }
      if (rows.length < fetchRows) break;
      fetchRows = Math.max(1, Math.min(MAX_FETCH_ROWS, Math.floor(BATCH_BYTES / 4 / widest)));
    }
    await flush();
    await source.query('CLOSE move_rows');
  } finally {
    await source.query('COMMIT');
  }
  return total;
}
