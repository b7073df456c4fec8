import type { ErrorLogEntry, ErrorsCleared } from '@portal/contracts';
import type { ErrorLogRow } from '../../db/schema.js';
import { newObjectId } from '../../lib/random.js';
import type { ErrorLogRepository } from './repository.js';

/** The most entries one list answers (spec-2: the last `num` days, 7 by default). */
export const ERROR_LIST_MAX = 1000;
export const ERROR_LIST_DEFAULT_DAYS = 7;

const MAX = { name: 200, msg: 2000, stack: 10_000 } as const;

/** What the log keeps of a failed request: never its query string, cookies, headers or payload. */
export interface FailedRequest {
  method: string;
  /** The path without the query string, secrets in it masked. */
  url: string;
  id: string;
}

/**
 * The message without the query parameters a database error quotes (drizzle's "Failed query: …
 * params: …" names every value of the statement, secrets included), with the driver's own reason.
 */
export function messageOf(error: Error): string {
  const own = error.message.split('\nparams:')[0] ?? '';
  const cause = error.cause instanceof Error ? error.cause.message.split('\nparams:')[0] : undefined;
  return cause === undefined || cause === '' ? own : `${own} ← ${cause}`;
}

/** Only the stack's frames: its first lines repeat the message, which may quote values. */
export function framesOf(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

export function toErrorLogEntry(row: ErrorLogRow): ErrorLogEntry {
  return {
    _id: row.id,
    createTime: row.createdAt.toISOString(),
    name: row.name,
    msg: row.msg,
    stack: row.stack,
    method: row.method,
    url: row.url,
    requestId: row.requestId,
  };
}

export function createErrorLogService({
  repo,
  now = () => new Date(),
}: {
  repo: ErrorLogRepository;
  now?: () => Date;
}) {
  return {
    /** Keeps an unexpected error of a request. */
    async record(error: unknown, request: FailedRequest): Promise<void> {
      const err = error instanceof Error ? error : new Error(String(error));
      await repo.insert({
        id: newObjectId(),
        name: (err.name || 'Error').slice(0, MAX.name),
        msg: messageOf(err).slice(0, MAX.msg),
        stack: framesOf(err).slice(0, MAX.stack),
        method: request.method,
        url: request.url,
        requestId: request.id,
      });
    },

    /** Entries of the last `days` days, newest first, at most ERROR_LIST_MAX. */
    async list(days = ERROR_LIST_DEFAULT_DAYS): Promise<ErrorLogEntry[]> {
      const from = new Date(now().getTime() - days * 86_400_000);
      return (await repo.since(from, ERROR_LIST_MAX)).map(toErrorLogEntry);
    },

    async clear(): Promise<ErrorsCleared> {
      return { deletedCount: await repo.clear() };
    },
  };
}

export type ErrorLogService = ReturnType<typeof createErrorLogService>;
