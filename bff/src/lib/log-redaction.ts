import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets (mailed confirmation keys, session tokens). */
const SECRET_QUERY = /([?&](?:key|token)=)[^&#]*/gi;

/** The userkey segment of subscription links: /api/subscript/{kind}/{userId}/{userkey}. */
const SUBSCRIPTION_KEY = /(\/api\/subscript\/[^/?#]*\/[^/?#]*\/)[^/?#]+/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***').replace(SUBSCRIPTION_KEY, '$1***');
}

/** Fastify's request serializer with secrets in the address masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Drizzle's failed query: its message and `params` quote every value of the statement, secrets included. */
interface QueryError extends Error {
  query: string;
  params: unknown;
}

const isQueryError = (error: unknown): error is QueryError =>
  error instanceof Error && typeof (error as Partial<QueryError>).query === 'string' && 'params' in error;

/**
 * An error as the log may show it: a failed query (itself or as a cause) becomes its statement, the
 * driver's error code and the stack's frames, never the values it was given (a failed set_config
 * would print epay keys and Apple ID passwords). Any other error is returned as it is.
 */
export function redactQueryError(error: unknown): unknown {
  let failed: QueryError | undefined;
  for (let e: unknown = error, depth = 0; e instanceof Error && failed === undefined && depth < 8; depth += 1) {
    if (isQueryError(e)) failed = e;
    e = e.cause;
  }
  if (failed === undefined) return error;
  const safe = new Error(`Failed query: ${failed.query}`);
  const code = (failed.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') Object.assign(safe, { code });
  // The stack's first lines repeat the message: only its frames are kept.
  const frames = ((error as Error).stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`Error: ${safe.message}`, ...frames].join('\n');
  return safe;
}

/**
 * A log call's arguments with failed queries redacted: pino's `logMethod` hook runs this for every
 * logger, child loggers (request.log) included, before the error serializer sees them.
 */
export function redactLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error) return [redactQueryError(first), ...rest];
  if (first !== null && typeof first === 'object' && 'err' in first) {
    const err = (first as { err: unknown }).err;
    const safe = redactQueryError(err);
    if (safe !== err) return [{ ...first, err: safe }, ...rest];
  }
  return args;
}
