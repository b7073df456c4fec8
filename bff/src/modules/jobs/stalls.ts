import type { FastifyBaseLogger } from 'fastify';
import type { ErrorLogService } from '../error-log/service.js';
import type { JobRunner } from './runner.js';

/** A job with no run for this long is stalled: at least 10 minutes, and three of its own periods. */
export const STALL_AFTER_MS = 10 * 60_000;
const stallAfter = (intervalMs: number | undefined) => Math.max(STALL_AFTER_MS, 3 * (intervalMs ?? 0));
const CHECK_EVERY_MS = 60_000;

/**
 * Checks the heartbeats of the defined jobs once a minute on the instance that owns the jobs (a
 * job that stops running while its owner lives is reported once; when the owner dies another
 * instance takes the jobs, and this check, over) and writes each stall once to the error log the
 * back office shows.
 */
export function watchForStalls({
  jobs,
  errorLog,
  log,
  now = () => Date.now(),
}: {
  jobs: JobRunner;
  errorLog: ErrorLogService;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const reported = new Map<string, number>();
  const startedAt = now();
  let timer: NodeJS.Timeout | undefined;

  async function check(): Promise<string[]> {
    if (!jobs.isLeader()) return [];
    const heartbeats = new Map((await jobs.status()).map((s) => [s.name, s.lastRunAt.getTime()]));
    const stalled: string[] = [];
    for (const name of jobs.names()) {
      const last = heartbeats.get(name) ?? startedAt;
      if (now() - last < stallAfter(jobs.intervalOf(name)) || reported.get(name) === last) continue;
      reported.set(name, last);
      stalled.push(name);
      const since = heartbeats.has(name) ? new Date(last).toISOString() : 'never';
      const error = new Error(`job ${name} stalled: last run ${since}`);
      error.name = 'JobStalled';
      log.error({ job: name, since }, 'job stalled');
      await errorLog.record(error, { method: 'JOB', url: name, id: 'jobs' });
      await jobs.reportStall(name, since);
    }
    return stalled;
  }

  return {
    check,
    start() {
      timer = setInterval(() => void check().catch(() => undefined), CHECK_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
    },
  };
}
