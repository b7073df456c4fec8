import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** Who runs the background jobs: exactly one instance at a time. */
export interface Leadership {
  isLeader(): boolean;
  start(): void;
  stop(): Promise<void>;
}

/** PGlite: the one process that opens the data folder owns every job. */
export function soleLeader(): Leadership {
  return { isLeader: () => true, start: () => undefined, stop: async () => undefined };
}

/** Arbitrary, fixed: the advisory lock every instance of this portal contends for. */
export const JOBS_LOCK_KEY = 740_231_977;

/**
 * PostgreSQL: the instance whose own connection holds a session-level advisory lock runs the jobs.
 * The lock goes with that connection: when the instance dies or loses the database, PostgreSQL
 * releases it and another instance takes it at its next attempt (every `retryMs`). The leader
 * checks its connection at the same pace and steps down when it is gone.
 */
export function advisoryLockLeader({
  url,
  log,
  retryMs = 10_000,
}: {
  url: string;
  log: FastifyBaseLogger;
  retryMs?: number;
}): Leadership {
  let client: pg.Client | null = null;
  let leader = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let attempt: Promise<void> = Promise.resolve();

  async function dropClient() {
    const old = client;
    client = null;
    if (leader) log.warn('jobs: lost the job lock; another instance will take over');
    leader = false;
    await old?.end().catch(() => undefined);
  }

  async function tick() {
    try {
      if (client === null) {
        const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
        next.on('error', () => void dropClient());
        await next.connect();
        client = next;
      }
      if (leader) {
        await client.query('SELECT 1');
        return;
      }
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        JOBS_LOCK_KEY,
      ]);
      if (rows[0]?.locked === true) {
        leader = true;
        log.info('jobs: this instance runs the background jobs');
      }
    } catch {
      await dropClient();
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      attempt = tick().finally(schedule);
    }, retryMs);
    timer.unref();
  }

  return {
    isLeader: () => leader,
    start() {
      stopped = false;
      attempt = tick().finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await attempt;
      leader = false;
      const old = client;
      client = null;
      await old?.end().catch(() => undefined);
    },
  };
}
