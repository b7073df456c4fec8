import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobRuns } from '../../db/schema.js';
import type { Leadership } from './leader.js';

export interface JobDefinition {
  name: string;
  /** Pause between runs (ms), read before each wait so settings can change it. */
  every: () => number | Promise<number>;
  /** Idempotent: a run repeated, or overlapping one on another instance, changes nothing twice. */
  run: () => Promise<unknown>;
}

export interface JobStatus {
  name: string;
  owner: string;
  lastRunAt: Date;
  lastOk: boolean;
  lastError: string;
  runs: number;
}

/**
 * Runs the registered jobs on the instance that holds the leadership; the others keep their timers
 * and skip. Each run is written to `job_runs` (its heartbeat). Runs of one job never overlap
 * within an instance.
 */
export function createJobRunner({
  db,
  log,
  leadership,
  instanceId,
}: {
  db: Db;
  log: FastifyBaseLogger;
  leadership: Leadership;
  instanceId: string;
}) {
  const jobs = new Map<string, JobDefinition>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<unknown>>();
  /** The pause each job was last scheduled with (every instance schedules, so every one knows). */
  const intervals = new Map<string, number>();
  let started = false;
  const stallListeners: ((name: string, since: string) => Promise<void>)[] = [];

  async function heartbeat(name: string, ok: boolean, error: string) {
    await db
      .insert(jobRuns)
      .values({ name, owner: instanceId, lastRunAt: new Date(), lastOk: ok, lastError: error.slice(0, 500), runs: 1 })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: {
          owner: instanceId,
          lastRunAt: new Date(),
          lastOk: ok,
          lastError: error.slice(0, 500),
          runs: sql`${jobRuns.runs} + 1`,
        },
      });
  }

  /** One run of a job on this instance, whoever leads (tests, operators' tools). */
  function runNow(name: string): Promise<unknown> {
    const job = jobs.get(name);
    if (job === undefined) return Promise.reject(new Error(`unknown job ${name}`));
    const previous = running.get(name) ?? Promise.resolve();
    const run = previous.then(async () => {
      try {
        const result = await job.run();
        await heartbeat(name, true, '');
        return result;
      } catch (error) {
        log.error({ err: error, job: name }, 'job failed');
        await heartbeat(name, false, error instanceof Error ? error.message : String(error)).catch(() => undefined);
        return undefined;
      }
    });
    running.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  }

  async function scheduleNext(job: JobDefinition) {
    if (!started) return;
    let wait: number;
    try {
      wait = await job.every();
    } catch {
      wait = 60_000;
    }
    if (!started) return;
    intervals.set(job.name, wait);
    const timer = setTimeout(() => {
      const turn = leadership.isLeader() ? runNow(job.name) : Promise.resolve();
      void turn.finally(() => void scheduleNext(job));
    }, wait);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    define(job: JobDefinition): void {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} defined twice`);
      jobs.set(job.name, job);
      if (started) void scheduleNext(job);
    },
    runNow,
    names: () => [...jobs.keys()],
    /** The pause a job runs at (ms), once scheduled. */
    intervalOf: (name: string) => intervals.get(name),
    isLeader: () => leadership.isLeader(),
    /** Called for each stall the watch finds (modules/notifications sends job.stalled). */
    onStall(listener: (name: string, since: string) => Promise<void>): void {
      stallListeners.push(listener);
    },
    async reportStall(name: string, since: string): Promise<void> {
      for (const listener of stallListeners)
        await listener(name, since).catch((err: unknown) => log.error({ err }, 'stall listener failed'));
    },
    start(): void {
      if (started) return;
      started = true;
      leadership.start();
      for (const job of jobs.values()) void scheduleNext(job);
    },
    /** Stops the timers, waits for runs in progress, and gives up the leadership. */
    async stop(): Promise<void> {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running.values());
      await leadership.stop();
    },
    async status(): Promise<JobStatus[]> {
      return db.select().from(jobRuns).orderBy(jobRuns.name);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
