// QUALITY 25 and 9: every failure-limited call holds its limit under parallel requests. Each
// attempt is taken from the limit before it is checked (so 20 guesses sent at once are checked no
// more than the window allows) and given back when it does not fail (a success costs nothing).
// On PGlite the counters are in memory; on PostgreSQL (TEST_DATABASE_URL) in the rate_limits table.
import {
  Codes,
  decodeResponse,
  encodeRequest,
  GiB,
  giftMessages,
  messages,
  shopMessages,
  type ApiResult,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDEEM_FAILURE_LIMIT } from '../src/modules/coupons/routes.js';
import { GIFT_RECEIVE_FAILURES } from '../src/modules/gifts/routes.js';
import { COUPON_FAILURE_LIMIT } from '../src/modules/orders/routes.js';
import { createUser, signedInUser } from './api.js';
import { buildTestApp, LogCapture } from './build-test-app.js';
import { coupon, newOrder, product } from './money.js';

const PARALLEL = 20;

let address = 0;
/** An address no other test used, so that per-address windows start empty. */
const freshAddress = () => {
  address += 1;
  return `10.88.${address >> 8}.${address & 255}`;
};

interface Answer<T = unknown> {
  status: number;
  result: ApiResult<T>;
  retryAfter: string | undefined;
}

async function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  { cookie, ip = '127.0.0.1' }: { cookie?: string; ip?: string } = {},
): Promise<Answer<T>> {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: encodeRequest(payload),
    headers: cookie === undefined ? {} : { cookie },
    remoteAddress: ip,
  });
  const retryAfter = response.headers['retry-after'];
  return {
    status: response.statusCode,
    result: decodeResponse<T>(response.json()),
    retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
  };
}

/** How many answers carry each code. */
const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.result.code] = (counts[a.result.code] ?? 0) + 1;
  return counts;
};

const inParallel = <T>(n: number, attempt: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => attempt(i)));

describe('login', () => {
  const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
    post(app, '/api/user/login', { email, password }, { ip });

  describe('per address and account, and per address', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      // 3 failures per address and account, 15 per address; the per-account back-off out of the way.
      app = await buildTestApp({ env: { LOGIN_RATE_MAX: '3', LOGIN_ACCOUNT_FREE_FAILURES: '1000' } });
      await createUser(app, { email: 'victim@example.com', password: 'victim-password-1' });
    });
    afterAll(async () => {
      await app.close();
    });

    it(`${PARALLEL} wrong passwords sent at once to one account: only the window's 3 are checked`, async () => {
      const ip = freshAddress();
      const answers = await inParallel(PARALLEL, () => login(app, 'victim@example.com', 'wrong-password', ip));
      expect(tally(answers)).toEqual({ [Codes.LOGIN_FAILED]: 3, [Codes.RATE_LIMITED]: PARALLEL - 3 });
      const refused = answers.find((a) => a.result.code === Codes.RATE_LIMITED)!;
      expect(refused.status).toBe(429);
      expect(refused.result.msg).toBe('操作过于频繁，请稍后再试');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      // Even the right password is not tried now.
      expect((await login(app, 'victim@example.com', 'victim-password-1', ip)).result.code).toBe(Codes.RATE_LIMITED);
    });

    it('one address trying many accounts is held by the per-address window (5 × 3), whatever the accounts', async () => {
      const ip = freshAddress();
      for (let i = 0; i < 15; i += 1) {
        expect((await login(app, `nobody-${i}@example.com`, 'wrong-password', ip)).result.code, `account ${i}`).toBe(
          Codes.LOGIN_FAILED,
        );
      }
      // A 16th account, never tried before (its own window is empty): refused, even with its right password.
      const refused = await login(app, 'victim@example.com', 'victim-password-1', ip);
      expect(refused.result.code).toBe(Codes.RATE_LIMITED);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      // Another address is not held by it.
      expect((await login(app, 'victim@example.com', 'victim-password-1', freshAddress())).result.code).toBe(0);
    });

    it(`${PARALLEL} guesses at once on ${PARALLEL} accounts from one address: only the per-address 15 are checked`, async () => {
      const ip = freshAddress();
      const answers = await inParallel(PARALLEL, (i) => login(app, `spray-${i}@example.com`, 'wrong-password', ip));
      expect(tally(answers)).toEqual({ [Codes.LOGIN_FAILED]: 15, [Codes.RATE_LIMITED]: PARALLEL - 15 });
    });

    it('a successful login gives its attempt back: it never uses up the window', async () => {
      const ip = freshAddress();
      const wrong = () => login(app, 'victim@example.com', 'wrong-password', ip);
      const right = () => login(app, 'victim@example.com', 'victim-password-1', ip);
      expect((await wrong()).result.code).toBe(Codes.LOGIN_FAILED);
      expect((await wrong()).result.code).toBe(Codes.LOGIN_FAILED);
      for (let i = 0; i < 3; i += 1) expect((await right()).result.code).toBe(0);
      // Two failures so far: the third is still tried, the fourth is not.
      expect((await wrong()).result.code).toBe(Codes.LOGIN_FAILED);
      expect((await wrong()).result.code).toBe(Codes.RATE_LIMITED);
    });
  });

  describe('per-account back-off (any address)', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      // 2 free failures per account, then a cool-down of a minute; the per-address windows out of the way.
      app = await buildTestApp({
        env: { LOGIN_RATE_MAX: '1000', LOGIN_ACCOUNT_FREE_FAILURES: '2', LOGIN_COOLDOWN_SECONDS: '60' },
      });
      await createUser(app, { email: 'owner@example.com', password: 'owner-password-1' });
      await createUser(app, { email: 'second@example.com', password: 'second-password-1' });
    });
    afterAll(async () => {
      await app.close();
    });

    it(`${PARALLEL} wrong passwords at once from ${PARALLEL} addresses: the 2 free ones and the one that starts the cool-down`, async () => {
      const answers = await inParallel(PARALLEL, () =>
        login(app, 'owner@example.com', 'wrong-password', freshAddress()),
      );
      expect(tally(answers)).toEqual({ [Codes.LOGIN_FAILED]: 3, [Codes.RATE_LIMITED]: PARALLEL - 3 });
      const refused = answers.find((a) => a.result.code === Codes.RATE_LIMITED)!;
      expect(refused.result.msg).toMatch(/^该账户登录失败次数过多，请 \d+ (秒|分钟)后再试$/);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    });

    it('a successful login past the free failures gives back its count and opens the gate again', async () => {
      const attempt = (password: string) => login(app, 'second@example.com', password, freshAddress());
      expect((await attempt('wrong-password')).result.code).toBe(Codes.LOGIN_FAILED);
      expect((await attempt('wrong-password')).result.code).toBe(Codes.LOGIN_FAILED);
      // The third attempt passes the gate: it succeeds, so it starts no cool-down and is not counted.
      expect((await attempt('second-password-1')).result.code).toBe(0);
      expect((await attempt('second-password-1')).result.code).toBe(0);
      // Still 2 failures: the next one is tried (and starts the cool-down), the one after is not.
      expect((await attempt('wrong-password')).result.code).toBe(Codes.LOGIN_FAILED);
      expect((await attempt('wrong-password')).result.code).toBe(Codes.RATE_LIMITED);
    });
  });
});

describe('codes', () => {
  let app: FastifyInstance;
  const logs = new LogCapture();
  beforeAll(async () => {
    app = await buildTestApp({ logs });
    await app.settings.set({ minPushNum: 1, costRate: 0 });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('orderUseCoupon', () => {
    const use = (cookie: string, orderId: string, code: string) =>
      post(app, '/api/coupon/orderUseCoupon', { order_id: orderId, code }, { cookie, ip: freshAddress() });

    it(`${PARALLEL} unknown codes at once on one order: only the per-user ${COUPON_FAILURE_LIMIT.perUser.max} are looked at`, async () => {
      const user = await signedInUser(app);
      const order = await newOrder(app, user.cookie, await product(app));
      const answers = await inParallel(PARALLEL, (i) => use(user.cookie, order._id, `GUESS${i}`));
      expect(tally(answers)).toEqual({
        [Codes.COUPON_NOT_FOUND]: COUPON_FAILURE_LIMIT.perUser.max,
        [Codes.TOO_MANY_ATTEMPTS]: PARALLEL - COUPON_FAILURE_LIMIT.perUser.max,
      });
      const refused = answers.find((a) => a.result.code === Codes.TOO_MANY_ATTEMPTS)!;
      expect(refused.result.msg).toBe(shopMessages.coupon.tooMany);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    });

    it(`users behind one address: ${COUPON_FAILURE_LIMIT.perAddress.max} failures in all, then even a fresh user is refused there (not elsewhere)`, async () => {
      const { perUser, perAddress } = COUPON_FAILURE_LIMIT;
      const ip = freshAddress();
      const users = await Promise.all(
        Array.from({ length: Math.ceil(perAddress.max / perUser.max) + 1 }, () => signedInUser(app)),
      );
      const goods = await product(app);
      const orders = await Promise.all(users.map((u) => newOrder(app, u.cookie, goods)));
      const attemptFrom = (i: number, code: string, from: string) =>
        post(
          app,
          '/api/coupon/orderUseCoupon',
          { order_id: orders[i]!._id, code },
          { cookie: users[i]!.cookie, ip: from },
        );
      let failures = 0;
      for (let u = 0; u < users.length - 1; u += 1) {
        for (let i = 0; i < perUser.max && failures < perAddress.max; i += 1, failures += 1) {
          expect((await attemptFrom(u, `ADDR${failures}`, ip)).result.code).toBe(Codes.COUPON_NOT_FOUND);
        }
      }
      const fresh = users.length - 1;
      expect((await attemptFrom(fresh, 'ADDR-FRESH', ip)).result.code).toBe(Codes.TOO_MANY_ATTEMPTS);
      expect((await attemptFrom(fresh, 'ADDR-FRESH', freshAddress())).result.code).toBe(Codes.COUPON_NOT_FOUND);
    });

    it('a coupon that works gives its attempt back', async () => {
      const user = await signedInUser(app);
      const order = await newOrder(app, user.cookie, await product(app));
      const good = await coupon(app, { type: 'cash', useNumPerUser: 5 });
      for (let i = 0; i < COUPON_FAILURE_LIMIT.perUser.max - 1; i += 1) {
        expect((await use(user.cookie, order._id, `WRONG${i}`)).result.code).toBe(Codes.COUPON_NOT_FOUND);
      }
      for (let i = 0; i < 2; i += 1) {
        expect((await use(user.cookie, order._id, good.code)).result.code).toBe(0);
        expect(
          (await post(app, '/api/coupon/orderCancleCoupon', { order_id: order._id }, { cookie: user.cookie })).result
            .code,
        ).toBe(0);
      }
      expect((await use(user.cookie, order._id, 'WRONG-LAST')).result.code).toBe(Codes.COUPON_NOT_FOUND);
      expect((await use(user.cookie, order._id, good.code)).result.code).toBe(Codes.TOO_MANY_ATTEMPTS);
    });
  });

  describe('push/receive', () => {
    const receive = (cookie: string, code: string, ip = freshAddress()) =>
      post(app, '/api/push/receive', { code }, { cookie, ip });

    it(`${PARALLEL} unknown codes at once: only the per-user ${GIFT_RECEIVE_FAILURES.perUser.max} are looked at`, async () => {
      const user = await signedInUser(app);
      const answers = await inParallel(PARALLEL, (i) => receive(user.cookie, `guess-${i}`));
      expect(tally(answers)).toEqual({
        [Codes.GIFT_CODE_INVALID]: GIFT_RECEIVE_FAILURES.perUser.max,
        [Codes.GIFT_TOO_FREQUENT]: PARALLEL - GIFT_RECEIVE_FAILURES.perUser.max,
      });
      const refused = answers.find((a) => a.result.code === Codes.GIFT_TOO_FREQUENT)!;
      expect(refused.result.msg).toBe(giftMessages.tooFrequent);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    });

    it(`${PARALLEL} unknown codes at once from ${PARALLEL} users behind one address: only the per-address ${GIFT_RECEIVE_FAILURES.perAddress.max}`, async () => {
      const ip = freshAddress();
      const users = await Promise.all(Array.from({ length: PARALLEL }, () => signedInUser(app)));
      const answers = await Promise.all(
        users.flatMap((u, i) => [receive(u.cookie, `a-${i}`, ip), receive(u.cookie, `b-${i}`, ip)]),
      );
      expect(tally(answers)).toEqual({
        [Codes.GIFT_CODE_INVALID]: GIFT_RECEIVE_FAILURES.perAddress.max,
        [Codes.GIFT_TOO_FREQUENT]: 2 * PARALLEL - GIFT_RECEIVE_FAILURES.perAddress.max,
      });
    });

    it('a gift received gives its attempt back', async () => {
      const giver = await signedInUser(app);
      await app.db.transaction((tx) =>
        app.traffic.credit(tx, { userId: giver.id, bytes: 10 * GiB, type: 'buy', desc: '测试购买' }),
      );
      const gifts: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const made = await post<{ code: string }>(app, '/api/push/create', { pushNumber: 1 }, { cookie: giver.cookie });
        expect(made.result.code).toBe(0);
        gifts.push(made.result.data.code);
      }
      const user = await signedInUser(app);
      for (let i = 0; i < GIFT_RECEIVE_FAILURES.perUser.max - 1; i += 1) {
        expect((await receive(user.cookie, `wrong-${i}`)).result.code).toBe(Codes.GIFT_CODE_INVALID);
      }
      for (const code of gifts) expect((await receive(user.cookie, code)).result.code).toBe(0);
      expect((await receive(user.cookie, 'wrong-last')).result.code).toBe(Codes.GIFT_CODE_INVALID);
      expect((await receive(user.cookie, 'wrong-after')).result.code).toBe(Codes.GIFT_TOO_FREQUENT);
    });
  });

  describe('redeem_coupon', () => {
    const redeem = (cookie: string, code: string, ip = freshAddress()) =>
      post(app, '/api/coupon/redeem_coupon', { code }, { cookie, ip });
    const { perUser, perAddress } = REDEEM_FAILURE_LIMIT;

    it("answers every code this user cannot redeem alike: unknown, cash, discount, another user's prize", async () => {
      const user = await signedInUser(app);
      const other = await signedInUser(app);
      const cash = await coupon(app, { type: 'cash', forMoneyCents: 500 });
      const discount = await coupon(app, { type: 'discount', forMoneyCents: 0, discount: 0.5 });
      const prize = await coupon(app, { type: 'freeUse', forMoneyCents: 0, traffic: GiB, ownerId: other.id });
      const answers = [];
      for (const code of ['NOSUCH', cash.code, discount.code, prize.code]) {
        const { status, result, retryAfter } = await redeem(user.cookie, code);
        answers.push({ status, result, retryAfter });
      }
      for (const answer of answers) {
        expect(answer).toEqual({
          status: 200,
          result: { code: Codes.COUPON_NOT_FOUND, data: {}, msg: messages.coupon.notFound },
          retryAfter: undefined,
        });
      }
    });

    it(`${PARALLEL} unknown codes at once: only the per-user ${perUser.max} are looked at; later ones (even a good code) are refused`, async () => {
      const user = await signedInUser(app);
      const good = await coupon(app, { type: 'freeUse', forMoneyCents: 0, traffic: GiB });
      const answers = await inParallel(PARALLEL, (i) => redeem(user.cookie, `GUESS${i}`));
      expect(tally(answers)).toEqual({
        [Codes.COUPON_NOT_FOUND]: perUser.max,
        [Codes.TOO_MANY_ATTEMPTS]: PARALLEL - perUser.max,
      });
      const refused = answers.find((a) => a.result.code === Codes.TOO_MANY_ATTEMPTS)!;
      expect(refused.result.msg).toBe(messages.coupon.otherField);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect((await redeem(user.cookie, good.code)).result.code).toBe(Codes.TOO_MANY_ATTEMPTS);
      const [row] = await app.database.query<{ auth_times: number }>('SELECT auth_times FROM coupons WHERE id = $1', [
        good.id,
      ]);
      expect(row!.auth_times).toBe(0);
    });

    it('40 wrong codes in a row from one user: 10 are looked at, and the burst is logged once for the operator', async () => {
      const user = await signedInUser(app);
      const ip = freshAddress();
      const codes: number[] = [];
      for (let i = 0; i < 40; i += 1) codes.push((await redeem(user.cookie, `ROW${i}`, ip)).result.code);
      expect(codes).toEqual([
        ...Array(perUser.max).fill(Codes.COUPON_NOT_FOUND),
        ...Array(40 - perUser.max).fill(Codes.TOO_MANY_ATTEMPTS),
      ]);
      const burst = logs.lines.filter(
        (l) => l.msg === 'failure limit used up: attempts are refused until the window passes' && l.userId === user.id,
      );
      expect(burst).toHaveLength(1);
      expect(burst[0]).toMatchObject({ level: 40, limit: 'coupon-redeem', ip });
    });

    it(`users behind one address: ${perAddress.max} failures in all, then even a fresh user is refused there (not elsewhere)`, async () => {
      const ip = freshAddress();
      const users = await Promise.all(
        Array.from({ length: Math.ceil(perAddress.max / perUser.max) + 1 }, () => signedInUser(app)),
      );
      let failures = 0;
      for (const u of users.slice(0, -1)) {
        for (let i = 0; i < perUser.max && failures < perAddress.max; i += 1, failures += 1) {
          expect((await redeem(u.cookie, `ADDR${failures}`, ip)).result.code).toBe(Codes.COUPON_NOT_FOUND);
        }
      }
      const fresh = users.at(-1)!;
      expect((await redeem(fresh.cookie, 'ADDR-FRESH', ip)).result.code).toBe(Codes.TOO_MANY_ATTEMPTS);
      expect((await redeem(fresh.cookie, 'ADDR-FRESH', freshAddress())).result.code).toBe(Codes.COUPON_NOT_FOUND);
    });

    it('a code that works gives its attempt back', async () => {
      const user = await signedInUser(app);
      const good = await coupon(app, { type: 'freeUse', forMoneyCents: 0, traffic: GiB, useNumPerUser: 3 });
      for (let i = 0; i < perUser.max - 1; i += 1)
        expect((await redeem(user.cookie, `MISS${i}`)).result.code).toBe(Codes.COUPON_NOT_FOUND);
      for (let i = 0; i < 3; i += 1) expect((await redeem(user.cookie, good.code)).result.code).toBe(0);
      expect((await redeem(user.cookie, 'MISS-LAST')).result.code).toBe(Codes.COUPON_NOT_FOUND);
      expect((await redeem(user.cookie, 'MISS-AFTER')).result.code).toBe(Codes.TOO_MANY_ATTEMPTS);
    });
  });
});
