// `npm run db:move-to-postgres -- --from ./data --to postgres://…`: copies a stopped PGlite data
// folder into an empty PostgreSQL database and checks the copy (db/move-to-postgres.ts). Exits 0
// when the copy is complete and equal, 1 when it refused (the reason on stderr), 2 on bad usage.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { moveToPostgres, MoveRefused } from './db/move-to-postgres.js';

const usage = `usage: npm run db:move-to-postgres -- --from <DATA_DIR> --to <postgres://user:password@host:5432/db>
  --from  the stopped portal's DATA_DIR (default: $DATA_DIR, else ./data) or its pglite/ folder
  --to    an empty PostgreSQL database (default: $DATABASE_URL)`;

async function main(): Promise<number> {
  let values: { from?: string; to?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${usage}\n`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  // npm runs the script in bff/; paths are the caller's, as typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const from = path.resolve(cwd, values.from ?? process.env.DATA_DIR ?? './data');
  const to = values.to ?? process.env.DATABASE_URL;
  if (to === undefined || !/^postgres(ql)?:\/\//.test(to)) {
    process.stderr.write(`--to must be a postgres:// URL\n${usage}\n`);
    return 2;
  }
  const started = Date.now();
  try {
    const report = await moveToPostgres({ from, to, log: (line) => process.stdout.write(`${line}\n`) });
    for (const warning of report.warnings) process.stdout.write(`note: the folder already had ${warning}\n`);
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    process.stdout.write(
      `moved ${rows} rows of ${report.tables.length} tables and ${report.sequences} sequences in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        'row counts, contents, sequences, money and traffic checked equal. Start the portal with DATABASE_URL set to the target.\n',
    );
    return 0;
  } catch (err) {
    if (err instanceof MoveRefused) {
      process.stderr.write(`move refused: ${err.message}\n`);
      return 1;
    }
    process.stderr.write(`move failed, nothing was kept on the target: ${(err as Error).stack ?? String(err)}\n`);
    return 1;
  }
}

process.exitCode = await main();
