import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The searches of the back-office lists (trades, users) read the newest `window` rows of their
 * table by every field, then older rows through indexes only. This is the boundary: the
 * `(created_at, id)` of the window's oldest row, read by the database itself (a JavaScript Date
 * would drop the microseconds and split the rows of one millisecond); with fewer rows than the
 * window, the oldest possible, so the window is every row. Compared as a row value,
 * `(created_at, id) >= edge` is a range of the table's `(created_at, id)` index.
 */
export function searchWindowEdge(table: PgTable, window: number): SQL {
  if (!Number.isSafeInteger(window) || window < 1) throw new Error(`invalid search window ${window}`);
  const edgeOf = (column: 'created_at' | 'id') =>
    sql.raw(
      `(SELECT e.${column} FROM "${getTableName(table)}" e ORDER BY e.created_at DESC, e.id DESC OFFSET ${window - 1} LIMIT 1)`,
    );
  return sql`(coalesce(${edgeOf('created_at')}, '-infinity'::timestamptz), coalesce(${edgeOf('id')}, ''))`;
}
