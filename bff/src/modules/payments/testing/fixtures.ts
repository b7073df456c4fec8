/** Test support: trades opened with plain SQL (a product, an order, a trade) for the providers to start. */
import type { PayMode } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { newObjectId, randomHex } from '../../../lib/random.js';
import type { TradeToPay } from '../types.js';

export const TEST_BASE_URL = 'http://portal.test';

/** A user's open order of `amountCents` with a topay trade, as dobuy leaves it before calling start. */
export async function openTrade(
  app: FastifyInstance,
  options: { payMode?: PayMode; amountCents?: number; userId?: string; createdAt?: Date } = {},
): Promise<TradeToPay> {
  const amountCents = options.amountCents ?? 1000;
  const userId = options.userId ?? newObjectId();
  if (options.userId === undefined) {
    await app.database.query(
      'INSERT INTO users (id, email, password_hash, userkey, email_confirmed) VALUES ($1, $2, $3, $4, true)',
      [userId, `pay-${userId}@example.com`, 'not-a-password-hash', randomHex(16)],
    );
  }
  const comboId = newObjectId();
  const orderId = newObjectId();
  const tradeId = newObjectId();
  const createdAt = options.createdAt ?? new Date();
  await app.database.query('INSERT INTO combos (id, name, price_cents, traffic) VALUES ($1, $2, $3, $4)', [
    comboId,
    '测试套餐',
    amountCents,
    1024 ** 3,
  ]);
  await app.database.query(
    `INSERT INTO orders (id, user_id, combo_id, "desc", order_money_cents, add_traffic, expires_at)
     VALUES ($1, $2, $3, '测试套餐', $4, $5, now() + interval '30 minutes')`,
    [orderId, userId, comboId, amountCents, 1024 ** 3],
  );
  const payMode = options.payMode ?? 'alipay';
  await app.database.query(
    `INSERT INTO trades (id, order_id, user_id, pay_mode, provider, amount_cents, created_at, expires_at)
     VALUES ($1, $2, $3, $4, '', $5, $6, $6::timestamptz + interval '30 minutes')`,
    [tradeId, orderId, userId, payMode, amountCents, createdAt.toISOString()],
  );
  return {
    id: tradeId,
    orderId,
    userId,
    payMode,
    amountCents,
    subject: '测试套餐',
    isMobile: false,
    returnUrl: `${TEST_BASE_URL}/#/order?${payMode}_pay`,
    clientIp: '127.0.0.1',
    baseUrl: TEST_BASE_URL,
  };
}

/** Runs the provider's start in its own transaction, as dobuy does. */
export function startPayment(app: FastifyInstance, trade: TradeToPay) {
  return app.db.transaction((tx) => app.payments.start(tx, trade));
}

export async function tradeRow(app: FastifyInstance, tradeId: string) {
  const [row] = await app.database.query<{
    provider: string;
    status: string;
    usdt_amount_milli: string | number | null;
    usdt_address: string | null;
    created_at: Date;
    expires_at: Date;
  }>('SELECT provider, status, usdt_amount_milli, usdt_address, created_at, expires_at FROM trades WHERE id = $1', [
    tradeId,
  ]);
  if (row === undefined) throw new Error(`no trade ${tradeId}`);
  return row;
}
