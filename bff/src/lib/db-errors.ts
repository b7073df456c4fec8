/** Error codes meaning "the database cannot be reached right now", as opposed to a bad query. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '3D000', // the database itself is gone
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Connection refused/i,
  /PGlite is closed/i,
  // A connection lost in the middle of a transaction: the ROLLBACK that follows fails with this,
  // and its error is the one that reaches the handler.
  /not queryable/i,
];

/** True when an error (or one of its causes, as drizzle wraps driver errors) is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : ''))) {
      return true;
    }
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = current.cause;
  }
  return false;
}

/** True when an error (or one of its causes) is PostgreSQL's unique_violation, optionally of one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
    current = current.cause;
  }
  return false;
}
