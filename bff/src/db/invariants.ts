/**
 * The money and traffic invariants, as queries that list what breaks them (an id per row). The
 * tests end with them (test/money.ts) and the move to PostgreSQL (db/move-to-postgres.ts) runs
 * them on both sides; one list, so a new invariant is checked by both.
 */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Invariant {
  /** What breaks it, said of the ids the query answers. */
  problem: string;
  /** Answers one row `{ id }` per record that breaks it. */
  sql: string;
}

export const MONEY_INVARIANTS: Invariant[] = [
  {
    problem: 'wallets that differ from their ledger',
    sql: `SELECT u.id FROM users u
           WHERE u.wallet_money <> coalesce((SELECT sum(amount_cents) FROM wallet_ledger l WHERE l.user_id = u.id), 0)`,
  },
  { problem: 'negative wallets', sql: `SELECT id FROM users WHERE wallet_money < 0` },
  {
    problem: 'coupon use counts that disagree with their records or range',
    sql: `SELECT c.id FROM coupons c
           WHERE c.auth_times <> (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND NOT u.is_deleted)
              OR c.auth_times < 0 OR c.auth_times > c.number_of_authorizations`,
  },
  {
    problem: 'orders that hold what they should not',
    sql: `SELECT o.id FROM orders o
           WHERE o.coupon_discount_cents + o.wallet_spend_cents > o.order_money_cents
              OR (o.status = 'cancled' AND (o.wallet_spend_cents <> 0 OR o.coupon_id IS NOT NULL))
              OR (o.coupon_id IS NULL) <> NOT EXISTS (SELECT 1 FROM coupon_uses u WHERE u.order_id = o.id AND NOT u.is_deleted)
              OR (o.status = 'paied' AND NOT EXISTS (SELECT 1 FROM trades t WHERE t.order_id = o.id AND t.status = 'paied'))`,
  },
  {
    // What left a wallet as withdrawals is exactly what the withdrawals hold, and one is open at most.
    problem: 'withdrawals that disagree with the wallet ledger',
    sql: `SELECT u.id FROM users u
           WHERE coalesce((SELECT -sum(amount_cents) FROM wallet_ledger l WHERE l.user_id = u.id AND l.kind = 'withdraw'), 0)
                 <> coalesce((SELECT sum(amount_cents) FROM withdrawals w WHERE w.user_id = u.id), 0)
              OR (SELECT count(*) FROM withdrawals w WHERE w.user_id = u.id AND w.status = 'request') > 1`,
  },
  {
    // The withdrawable part: its ledger sums to it, and only withdrawable money was ever withdrawn.
    problem: 'withdrawable money that disagrees with its ledger',
    sql: `SELECT u.id FROM users u
           WHERE u.wallet_withdrawable <> coalesce((SELECT sum(withdrawable_cents) FROM wallet_ledger l WHERE l.user_id = u.id), 0)
              OR EXISTS (SELECT 1 FROM wallet_ledger l WHERE l.user_id = u.id AND l.kind = 'withdraw' AND l.withdrawable_cents <> l.amount_cents)`,
  },
  {
    problem: 'withdrawable money outside 0..balance',
    sql: `SELECT id FROM users WHERE wallet_withdrawable < 0 OR wallet_withdrawable > wallet_money`,
  },
];

/**
 * Traffic: a user's balance is what the grants recorded, the spend is what the node-usage records
 * took beyond a time package's allowance, never more than granted, and nothing is negative.
 */
export const TRAFFIC_INVARIANTS: Invariant[] = [
  {
    problem: 'traffic balances that differ from their records',
    sql: `SELECT u.id FROM users u
           WHERE u.traffic <> (SELECT coalesce(sum(traffic_change), 0) FROM traffic_records r WHERE r.user_id = u.id AND r.type <> 'spend')`,
  },
  {
    problem: 'spent traffic that differs from the usage records',
    sql: `SELECT u.id FROM users u
           WHERE u.spend_traffic <> (SELECT coalesce(sum(-traffic_change - exemption_traffic), 0) FROM traffic_records r WHERE r.user_id = u.id AND r.type = 'spend')`,
  },
  {
    problem: 'traffic spent beyond the balance or negative',
    sql: `SELECT id FROM users WHERE spend_traffic > traffic OR traffic < 0 OR spend_traffic < 0`,
  },
];

/** Each invariant the database breaks, with how many records and the first few ids. */
export async function invariantProblems(query: Query, invariants: Invariant[]): Promise<string[]> {
  const problems: string[] = [];
  for (const invariant of invariants) {
    const rows = await query<{ id: unknown }>(invariant.sql);
    if (rows.length > 0) {
      const ids = rows.slice(0, 5).map((r) => String(r.id));
      problems.push(`${invariant.problem}: ${rows.length} (${ids.join(', ')}${rows.length > 5 ? ', …' : ''})`);
    }
  }
  return problems;
}
