import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Rows one DELETE takes at most: a long backlog goes in many short transactions, not one huge one. */
export const PRUNE_BATCH_ROWS = 10_000;
/** Batches one run takes per table at most; what is left goes at the next run. */
export const PRUNE_MAX_BATCHES = 200;

/** What one table keeps: rows matching `expired` are deleted. */
export interface RetentionRule {
  table: string;
  /** A condition on a column that has an index, so each batch finds its rows without a full scan. */
  expired: SQL;
}

export interface RetentionPolicy {
  nodeReportDays: number;
  errorLogDays: number;
  mailOutboxDays: number;
  notificationDays: number;
}

/** Days the record of subscription fetches is kept (issue 27). */
export const SUBSCRIPTION_FETCH_DAYS = 30;

/** A job_runs row of a job no longer defined goes once its last run is this old. */
const JOB_RUNS_ORPHAN_DAYS = 30;

/**
 * The log-like tables and how long each is kept. Left out on purpose, because a user or an
 * operator relies on them as records: audit_log (who changed what, money adjustments included),
 * traffic_records and wallet_ledger (a user's own history and the balances they add up to),
 * user_daily_usage (statistics and the user's usage chart), orders, trades, withdrawals,
 * chain_transfers, sign_ins, gifts, prize_draws, notice_reads; uploads have their own job.
 */
export function retentionRules(policy: RetentionPolicy, definedJobs: string[]): RetentionRule[] {
  const daysAgo = (days: number) => sql`now() - ${days}::int * interval '1 day'`;
  const rules: RetentionRule[] = [
    // The (agent, report) key is what makes a resent push count once: kept for days, far longer
    // than a node retries a push it got no answer to.
    { table: 'node_traffic_reports', expired: sql`received_at < ${daysAgo(policy.nodeReportDays)}` },
    { table: 'error_log', expired: sql`created_at < ${daysAgo(policy.errorLogDays)}` },
    // Mail kept without SMTP: its links expire within days (email_tokens).
    { table: 'mail_outbox', expired: sql`created_at < ${daysAgo(policy.mailOutboxDays)}` },
    // Refused once expired (the lookup asks expires_at > now()), so nothing reads them again.
    { table: 'sessions', expired: sql`expires_at < now()` },
    // Links are refused once expired; a day more lets a late click still be told it expired.
    { table: 'email_tokens', expired: sql`expires_at < ${daysAgo(1)}` },
    // Who fetched a subscription link (issue 27): the operator's view of the last weeks; each
    // user's newest 200 are kept by the write itself (modules/client-devices).
    { table: 'subscription_fetches', expired: sql`at < ${daysAgo(SUBSCRIPTION_FETCH_DAYS)}` },
    // Notifications (issue 28): events delivered or given up, with their deliveries (cascade);
    // one still waiting for a retry stays. Bind codes live 10 minutes.
    {
      table: 'notification_events',
      expired: sql`created_at < ${daysAgo(policy.notificationDays)} AND fanned_out_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.event_id = notification_events.id AND d.status = 'pending')`,
    },
    { table: 'telegram_bind_codes', expired: sql`expires_at < now()` },
    // Shared rate-limit counters (PostgreSQL): windows that ended over an hour ago.
    { table: 'rate_limits', expired: sql`expire < now() - interval '1 hour'` },
  ];
  // job_runs has a row per job name, not per run: only names no longer defined (a job renamed or
  // removed) stay behind, and only those are deleted once old.
  if (definedJobs.length > 0) {
    rules.push({
      table: 'job_runs',
      expired: sql`last_run_at < ${daysAgo(JOB_RUNS_ORPHAN_DAYS)} AND name NOT IN (${sql.join(
        definedJobs.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    });
  }
  return rules;
}

/**
 * Deletes a table's expired rows in batches of `batchRows`: each statement finds at most that
 * many through the rule's index and deletes them by their row address (ctid, so any table works,
 * whatever its key). Answers how many rows went.
 */
export async function pruneTable(
  db: Db,
  rule: RetentionRule,
  { batchRows = PRUNE_BATCH_ROWS, maxBatches = PRUNE_MAX_BATCHES } = {},
): Promise<number> {
  const table = sql.identifier(rule.table);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const result = await db.execute(
      sql`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${rule.expired} LIMIT ${batchRows}))`,
    );
    const count = rowCount(result);
    deleted += count;
    if (count < batchRows) break;
  }
  return deleted;
}

/** node-postgres answers `rowCount`, PGlite `affectedRows`. */
function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
