/**
 * Whether the concurrent calls of this run really overlap. On PostgreSQL (TEST_DATABASE_URL, a
 * pool of connections) they do, so the locks and conditional updates are what keeps the
 * invariants. PGlite has one connection: its transactions run one after another, so a PGlite run
 * proves the logic (counts, limits, idempotence) but not the concurrency safety.
 */
export const TRULY_CONCURRENT = (process.env.TEST_DATABASE_URL ?? '') !== '';

/** Appended to the name of every concurrency test, so that no one reads a PGlite run as proof of concurrency safety. */
export const CONCURRENCY = TRULY_CONCURRENT
  ? '[PostgreSQL: truly concurrent]'
  : '[PGlite: one after another, proves the logic, not the locking]';
