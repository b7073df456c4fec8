import type { FetchRow } from './repository.js';

export interface FetchLogOptions {
  /** Writes one batch; a failure is reported to `onError` and the batch is dropped (a log, not money). */
  write: (rows: FetchRow[]) => Promise<void>;
  onError: (err: unknown) => void;
  /** A batch is written once this many fetches wait… */
  batchRows?: number;
  /** …or this long after the first of them. */
  intervalMs?: number;
  /** Fetches held at most while the database is slow or away; beyond, new ones are dropped. */
  maxQueued?: number;
}

/**
 * The record of subscription fetches, written in batches off the answer's path: a fetch is queued
 * and the client answered at once; a timer or a full batch writes the queue in one statement.
 * `flush` writes what waits (the app's close calls it).
 */
export function createFetchLog({
  write,
  onError,
  batchRows = 200,
  intervalMs = 1000,
  maxQueued = 20_000,
}: FetchLogOptions) {
  let queue: FetchRow[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const rows = queue;
    queue = [];
    if (rows.length > 0) writing = writing.then(() => write(rows)).catch(onError);
    return writing;
  }

  return {
    push(row: FetchRow): void {
      if (queue.length >= maxQueued) return;
      queue.push(row);
      if (queue.length >= batchRows) void flush();
      else if (timer === undefined) {
        timer = setTimeout(() => void flush(), intervalMs);
        timer.unref();
      }
    },
    flush,
  };
}

export type FetchLog = ReturnType<typeof createFetchLog>;
