// Withdrawals: the user's address, request and records (/api/wallet/*) and the operator's list,
// settle, wallet and message (/api/admin/charge/*), on the real database (PGlite, and PostgreSQL
// with TEST_DATABASE_URL, where the concurrent calls really overlap).
import {
  Codes,
  type AdminUserWallet,
  type AdminWithdrawal,
  type ApiResult,
  type Wallet,
  type WithdrawalRecord,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditOf, signedInAdmin, type Admin } from '../../../test/admin.js';
import { call, signedInUser, TEST_USER_PASSWORD } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { CONCURRENCY } from '../../../test/concurrency.js';
import {
  deposit,
  expectMoneyInvariants,
  GiB,
  ledgerSum,
  newOrder,
  orderRow,
  product,
  shopApi,
  walletCents,
} from '../../../test/money.js';
import { isTronChecksumValid, isValidWithdrawalAddress } from './service.js';

/** Real-world addresses: the USDT contracts on TRON and on Ethereum. */
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAdmin(app);
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  await app.settings.set({ min_charge_money: 500 });
});

function userApi(cookie: string) {
  const post = async <T>(url: string, payload: object = {}): Promise<ApiResult<T>> =>
    (await call<T>(app, url, payload, { cookie })).result;
  return {
    setAddress: (addressType: string, address: string) =>
      post<object>('/api/wallet/change_reward_adress', { addressType, address, password: TEST_USER_PASSWORD }),
    makeCharge: (payload: object = {}) => post<WithdrawalRecord>('/api/wallet/make_charge', payload),
    chargeList: () => post<WithdrawalRecord[]>('/api/wallet/charge_list'),
    wallet: () => post<Wallet>('/api/wallet/mywallet'),
  };
}

/** Withdrawable money (as invite rebates through a real gateway are): shop credit is never withdrawn. */
const rebate = (userId: string, cents: number) => app.wallet.adjust(userId, cents, 'test rebate', cents);

/**
 * A signed-in user with `cents` of withdrawable money in the wallet and, unless told otherwise, a
 * TRC20 address.
 */
async function withdrawer(cents: number, address: string | null = TRC20) {
  const user = await signedInUser(app);
  if (cents > 0) await rebate(user.id, cents);
  const api = userApi(user.cookie);
  if (address !== null) {
    const { code } = await api.setAddress(address.startsWith('T') ? 'USDT-TRC20' : 'USDT-ERC20', address);
    expect(code).toBe(0);
  }
  return { ...user, api };
}

async function mustCharge(api: ReturnType<typeof userApi>, payload: object = {}): Promise<WithdrawalRecord> {
  const { code, data, msg } = await api.makeCharge(payload);
  if (code !== 0) throw new Error(`make_charge: ${code} ${msg}`);
  return data;
}

const withdrawalRow = async (id: string) =>
  (
    await app.database.query<Record<string, unknown>>(
      'SELECT status, txid, paid_at, paid_by, msg, amount_cents FROM withdrawals WHERE id = $1',
      [id],
    )
  )[0]!;

describe('address formats', () => {
  it('accepts TRC20 (base58check, T…, 34) and ERC20 (0x + 40 hex) addresses of their own network only', () => {
    expect(isTronChecksumValid(TRC20)).toBe(true);
    expect(isValidWithdrawalAddress('USDT-TRC20', TRC20)).toBe(true);
    expect(isValidWithdrawalAddress('USDT-ERC20', ERC20)).toBe(true);
    expect(isValidWithdrawalAddress('USDT-ERC20', ERC20.toLowerCase())).toBe(true);
    expect(isValidWithdrawalAddress('USDT-TRC20', ERC20)).toBe(false);
    expect(isValidWithdrawalAddress('USDT-ERC20', TRC20)).toBe(false);
    for (const bad of [
      TRC20.slice(0, 33), // 33 characters
      `${TRC20}x`, // 35
      `A${TRC20.slice(1)}`, // not T
      `${TRC20.slice(0, 10)}0${TRC20.slice(11)}`, // 0 is not base58
      `${TRC20.slice(0, 10)}l${TRC20.slice(11)}`, // nor l
      `${TRC20.slice(0, 33)}u`, // base58 but the checksum fails
    ])
      expect(isValidWithdrawalAddress('USDT-TRC20', bad), bad).toBe(false);
    for (const bad of [ERC20.slice(2), ERC20.slice(0, 41), `${ERC20}0`, `0x${'g'.repeat(40)}`, ` ${ERC20}`])
      expect(isValidWithdrawalAddress('USDT-ERC20', bad), bad).toBe(false);
  });
});

describe('/api/wallet/change_reward_adress', () => {
  it('saves the type and address (mywallet shows them); trims the address', async () => {
    const user = await withdrawer(0, null);
    expect(await user.api.setAddress('USDT-ERC20', ` ${ERC20} `)).toMatchObject({ code: 0 });
    expect((await user.api.wallet()).data).toMatchObject({ addressType: 'USDT-ERC20', address: ERC20 });
    expect(await user.api.setAddress('USDT-TRC20', TRC20)).toMatchObject({ code: 0 });
    expect((await user.api.wallet()).data).toMatchObject({ addressType: 'USDT-TRC20', address: TRC20 });
  });

  it('refuses an address of the wrong format (4001, nothing saved) and unknown networks', async () => {
    const user = await withdrawer(0, null);
    const wrong = await user.api.setAddress('USDT-TRC20', ERC20);
    expect(wrong).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: '收款地址格式不正确（USDT-TRC20）' });
    expect((await user.api.setAddress('USDT-ERC20', TRC20)).code).toBe(Codes.INVALID_PAYLOAD);
    expect((await user.api.setAddress('BTC', TRC20)).code).toBe(Codes.INVALID_PAYLOAD);
    expect((await user.api.setAddress('USDT-TRC20', '')).code).toBe(Codes.INVALID_PAYLOAD);
    expect((await user.api.wallet()).data).toMatchObject({ addressType: '', address: '' });
  });

  it('refuses anonymous callers on every user call', async () => {
    for (const [url, payload] of [
      ['/api/wallet/change_reward_adress', { addressType: 'USDT-TRC20', address: TRC20 }],
      ['/api/wallet/make_charge', {}],
      ['/api/wallet/charge_list', {}],
    ] as const) {
      const { status, result } = await call(app, url, payload);
      expect(result.code, url).toBe(Codes.SESSION_EXPIRED);
      expect(status).toBe(401);
    }
  });
});

describe('/api/wallet/make_charge', () => {
  it('needs the address first (1012 请先填写并确认您的收款地址)', async () => {
    const user = await withdrawer(100_000, null);
    expect(await user.api.makeCharge()).toMatchObject({
      code: Codes.WITHDRAW_REFUSED,
      msg: '请先填写并确认您的收款地址',
    });
    expect(await walletCents(app, user.id)).toBe(100_000);
  });

  it('counts withdrawable money only: shop credit neither makes up the minimum nor leaves', async () => {
    const user = await withdrawer(0);
    await deposit(app, user.id, 100_000);
    expect(await user.api.makeCharge()).toMatchObject({
      code: Codes.WITHDRAW_REFUSED,
      msg: '申请提现失败，最低提现金额:500元',
    });
    await rebate(user.id, 50_000);
    expect((await user.api.makeCharge({ money: 500.01 })).code).toBe(Codes.WITHDRAW_REFUSED);
    expect(await mustCharge(user.api)).toMatchObject({ money: 500, left: 1000 });
    expect((await user.api.wallet()).data).toMatchObject({ money: 1000, withdrawable_money: 0 });
    await expectMoneyInvariants(app);
  });

  it('needs a balance of at least min_charge_money (1012 申请提现失败，最低提现金额:{n}元)', async () => {
    const user = await withdrawer(49_999);
    expect(await user.api.makeCharge()).toMatchObject({
      code: Codes.WITHDRAW_REFUSED,
      msg: '申请提现失败，最低提现金额:500元',
    });
    await app.settings.set({ min_charge_money: 600 });
    await rebate(user.id, 1);
    expect((await user.api.makeCharge()).msg).toBe('申请提现失败，最低提现金额:600元');
    expect(await walletCents(app, user.id)).toBe(50_000);
    expect(await user.api.chargeList()).toMatchObject({ code: 0, data: [] });
  });

  it('holds the whole balance: the wallet is emptied by a withdraw ledger row, the record is request', async () => {
    const user = await withdrawer(50_000);
    const record = await mustCharge(user.api);
    expect(record).toMatchObject({
      money: 500,
      left: 0,
      status: 'request',
      msg: '',
      txid: '',
      paidTime: null,
      addressType: 'USDT-TRC20',
      address: TRC20,
    });
    expect(Date.parse(record.requestTime)).not.toBeNaN();
    expect(await walletCents(app, user.id)).toBe(0);
    expect(await ledgerSum(app, user.id)).toBe(0);
    const ledger = await app.database.query<{ kind: string; amount_cents: unknown }>(
      'SELECT kind, amount_cents FROM wallet_ledger WHERE user_id = $1 ORDER BY id',
      [user.id],
    );
    expect(ledger.map((r) => [r.kind, Number(r.amount_cents)])).toEqual([
      ['adjust', 50_000],
      ['withdraw', -50_000],
    ]);
    expect((await user.api.wallet()).data.money).toBe(0);
    await expectMoneyInvariants(app);
  });

  it('a requested amount: at least the minimum, at most the withdrawable money, whole cents; the rest stays', async () => {
    const user = await withdrawer(80_000);
    expect(await user.api.makeCharge({ money: 800.01 })).toMatchObject({
      code: Codes.WITHDRAW_REFUSED,
      msg: '申请提现失败，可提现金额为800元（购物余额只能用于购买套餐，不能提现）',
    });
    expect((await user.api.makeCharge({ money: 499.99 })).msg).toBe('申请提现失败，最低提现金额:500元');
    expect((await user.api.makeCharge({ money: 600.001 })).code).toBe(Codes.INVALID_PAYLOAD);
    expect((await user.api.makeCharge({ money: -1 })).code).toBe(Codes.INVALID_PAYLOAD);
    expect(await mustCharge(user.api, { money: 600.5 })).toMatchObject({ money: 600.5, left: 199.5 });
    expect(await walletCents(app, user.id)).toBe(19_950);
    await expectMoneyInvariants(app);
  });

  it('one open request at a time; after it is settled the next may be made', async () => {
    const user = await withdrawer(150_000);
    const first = await mustCharge(user.api, { money: 500 });
    expect(await user.api.makeCharge({ money: 500 })).toMatchObject({
      code: Codes.WITHDRAW_REFUSED,
      msg: '您已有一笔提现正在等待结算，请结算后再申请',
    });
    expect(await walletCents(app, user.id)).toBe(100_000);
    expect((await admin.post('/api/admin/charge/checkout_charge', { charge_id: first._id, txid: 'tx-1' })).code).toBe(
      0,
    );
    expect(await mustCharge(user.api)).toMatchObject({ money: 1000, left: 0 });
    // The table refuses a second open request even for a write that bypasses the service.
    await expect(
      app.database.query(
        `INSERT INTO withdrawals (id, user_id, amount_cents, balance_after_cents, address_type, address)
         VALUES ('bypass', $1, 1, 0, 'USDT-TRC20', $2)`,
        [user.id, TRC20],
      ),
    ).rejects.toThrow();
    await expect(
      app.database.query(
        `INSERT INTO withdrawals (id, user_id, amount_cents, balance_after_cents, address_type, address, status)
         VALUES ('zero', $1, 0, 0, 'USDT-TRC20', $2, 'paid')`,
        [user.id, TRC20],
      ),
    ).rejects.toThrow();
    await expectMoneyInvariants(app);
  });

  it('agency users withdraw like anyone (spec-2 §6 takes away only their invite rebate)', async () => {
    const user = await withdrawer(50_000);
    await app.database.query('UPDATE users SET is_agency = true WHERE id = $1', [user.id]);
    expect(await mustCharge(user.api)).toMatchObject({ money: 500, status: 'request' });
  });

  it('takes the address of the moment: a later change does not move an open request', async () => {
    const user = await withdrawer(50_000, ERC20);
    const record = await mustCharge(user.api);
    await user.api.setAddress('USDT-TRC20', TRC20);
    const [listed] = (await user.api.chargeList()).data;
    expect(listed).toMatchObject({ _id: record._id, addressType: 'USDT-ERC20', address: ERC20 });
  });

  it(`concurrent requests and wallet spends never overdraw; the ledger sums to the balance ${CONCURRENCY}`, async () => {
    await app.settings.set({ min_charge_money: 1 });
    const pack = await product(app, { name: '十元包', price: 10, traffic: GiB });
    const user = await withdrawer(2_000);
    const orders = await Promise.all(Array.from({ length: 3 }, () => newOrder(app, user.cookie, pack)));
    const shop = shopApi(app, user.cookie);
    const answers = await Promise.all([
      user.api.makeCharge({ money: 15 }),
      ...orders.map((o) => shop.walletCheck(o._id)),
      user.api.makeCharge(),
      user.api.makeCharge({ money: 5 }),
      user.api.makeCharge(),
    ]);
    const charges = [answers[0]!, ...answers.slice(4)];
    const made = charges.filter((a) => a.code === 0);
    for (const refused of charges.filter((a) => a.code !== 0)) expect(refused.code).toBe(Codes.WITHDRAW_REFUSED);
    const [row] = await app.database.query<{ withdrawn: unknown }>(
      'SELECT coalesce(sum(amount_cents), 0) AS withdrawn FROM withdrawals WHERE user_id = $1',
      [user.id],
    );
    const withdrawn = Number(row!.withdrawn);
    const held = (await Promise.all(orders.map((o) => orderRow(app, o._id)))).reduce((s, o) => s + o.walletSpend, 0);
    const balance = await walletCents(app, user.id);
    // One request at most (a second finds it open). None only when two orders took the whole
    // balance before any whole-balance request ran, which the order of the locks may decide.
    expect(made.length).toBeLessThanOrEqual(1);
    if (made.length === 0) expect({ balance, held }).toEqual({ balance: 0, held: 2_000 });
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance + withdrawn + held).toBe(2_000);
    expect(await ledgerSum(app, user.id)).toBe(balance);
    await expectMoneyInvariants(app);
  });

  it(`many concurrent whole-balance requests of one user: one is made ${CONCURRENCY}`, async () => {
    const user = await withdrawer(70_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => user.api.makeCharge()));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(await walletCents(app, user.id)).toBe(0);
    expect((await user.api.chargeList()).data).toHaveLength(1);
    await expectMoneyInvariants(app);
  });
});

describe('/api/wallet/charge_list', () => {
  it("the user's own records, newest first, with the operator's message and, once paid, the txid", async () => {
    const user = await withdrawer(100_000);
    const other = await withdrawer(60_000);
    const first = await mustCharge(user.api, { money: 500 });
    await admin.post('/api/admin/charge/message', { charge_id: first._id, msg: '<b>已核对</b>' });
    await admin.post('/api/admin/charge/checkout_charge', { charge_id: first._id, txid: '0xabc' });
    const second = await mustCharge(user.api);
    await mustCharge(other.api);
    const { code, data } = await user.api.chargeList();
    expect(code).toBe(0);
    expect(data.map((r) => r._id)).toEqual([second._id, first._id]);
    expect(data[0]).toMatchObject({ money: 500, left: 0, status: 'request', txid: '', paidTime: null });
    expect(data[1]).toMatchObject({ money: 500, left: 500, status: 'paid', txid: '0xabc', msg: '<b>已核对</b>' });
    expect(Date.parse(data[1]!.paidTime!)).not.toBeNaN();
  });
});

describe('/api/admin/charge/*', () => {
  it('charge_list: every withdrawal newest first with the e-mail, yuan, status and times', async () => {
    const a = await withdrawer(50_000);
    const b = await withdrawer(52_345, ERC20);
    const ra = await mustCharge(a.api);
    const rb = await mustCharge(b.api);
    const { code, data } = await admin.post<AdminWithdrawal[]>('/api/admin/charge/charge_list');
    expect(code).toBe(0);
    const ids = data.map((w) => w._id);
    expect(ids.indexOf(rb._id)).toBeLessThan(ids.indexOf(ra._id));
    expect(data.find((w) => w._id === rb._id)).toEqual({
      _id: rb._id,
      uid: b.id,
      email: b.email,
      money: 523.45,
      status: 'request',
      requestTime: rb.requestTime,
      paidTime: null,
      msg: '',
      txid: '',
      addressType: 'USDT-ERC20',
      address: ERC20,
      heldUntil: null,
      note: '',
    });
  });

  it('wallet {uid}: the money, address type and address of that user; 4004 for no such user', async () => {
    const user = await withdrawer(12_345, ERC20);
    expect(await admin.post<AdminUserWallet>('/api/admin/charge/wallet', { uid: user.id })).toMatchObject({
      code: 0,
      data: { money: 123.45, addressType: 'USDT-ERC20', address: ERC20 },
    });
    expect((await admin.post('/api/admin/charge/wallet', { uid: 'no-such-user' })).code).toBe(Codes.NOT_FOUND);
  });

  it('checkout_charge settles a request once with its txid and paid time; never touches the balance; audited', async () => {
    const user = await withdrawer(90_000);
    const record = await mustCharge(user.api, { money: 700 });
    const ledgerBefore = await ledgerSum(app, user.id);
    const settled = await admin.post<WithdrawalRecord>('/api/admin/charge/checkout_charge', {
      charge_id: record._id,
      txid: '  9f8e7d  ',
    });
    expect(settled).toMatchObject({ code: 0, data: { _id: record._id, status: 'paid', txid: '9f8e7d', money: 700 } });
    const row = await withdrawalRow(record._id);
    expect(row).toMatchObject({ status: 'paid', txid: '9f8e7d', paid_by: admin.id });
    expect(row.paid_at).not.toBeNull();
    expect(await walletCents(app, user.id)).toBe(20_000);
    expect(await ledgerSum(app, user.id)).toBe(ledgerBefore);

    const again = await admin.post('/api/admin/charge/checkout_charge', { charge_id: record._id, txid: 'other' });
    expect(again).toMatchObject({ code: Codes.WITHDRAW_REFUSED, msg: '该提现已结算' });
    expect((await withdrawalRow(record._id)).txid).toBe('9f8e7d');

    const audit = await auditOf(app, 'withdrawal', record._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator_id: admin.id,
      operator_email: admin.email,
      action: 'action',
      detail: 'checkout_charge',
      before: { status: 'request', txid: '', paidAt: null },
      after: { status: 'paid', txid: '9f8e7d', paidBy: admin.id },
    });
    await expectMoneyInvariants(app);
  });

  it('checkout_charge refuses an unknown withdrawal (4004) and an empty txid (4001)', async () => {
    const user = await withdrawer(50_000);
    const record = await mustCharge(user.api);
    expect((await admin.post('/api/admin/charge/checkout_charge', { charge_id: 'nope', txid: 'x' })).code).toBe(
      Codes.NOT_FOUND,
    );
    for (const txid of ['', '   '])
      expect((await admin.post('/api/admin/charge/checkout_charge', { charge_id: record._id, txid })).code).toBe(
        Codes.INVALID_PAYLOAD,
      );
    expect((await withdrawalRow(record._id)).status).toBe('request');
    expect(await auditOf(app, 'withdrawal', record._id)).toEqual([]);
  });

  it(`20 concurrent settles of one request pay it once ${CONCURRENCY}`, async () => {
    const user = await withdrawer(50_000);
    const record = await mustCharge(user.api);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.post('/api/admin/charge/checkout_charge', { charge_id: record._id, txid: `tx-${i}` }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Codes.WITHDRAW_REFUSED)).toHaveLength(19);
    const winner = answers.findIndex((a) => a.code === 0);
    expect((await withdrawalRow(record._id)).txid).toBe(`tx-${winner}`);
    expect(await auditOf(app, 'withdrawal', record._id)).toHaveLength(1);
    expect(await walletCents(app, user.id)).toBe(0);
    await expectMoneyInvariants(app);
  });

  it('message: the user sees it (request or paid), audited with before and after; 4004 for no such withdrawal', async () => {
    const user = await withdrawer(50_000);
    const record = await mustCharge(user.api);
    expect(await admin.post('/api/admin/charge/message', { charge_id: record._id, msg: '地址有误，请核对' })).toEqual({
      code: 0,
      data: {},
      msg: expect.any(String),
    });
    expect((await user.api.chargeList()).data[0]!.msg).toBe('地址有误，请核对');
    expect((await admin.post('/api/admin/charge/message', { charge_id: 'nope', msg: 'x' })).code).toBe(Codes.NOT_FOUND);
    expect((await admin.post('/api/admin/charge/message', { charge_id: record._id, msg: 'x'.repeat(501) })).code).toBe(
      Codes.INVALID_PAYLOAD,
    );
    const audit = await auditOf(app, 'withdrawal', record._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      detail: 'message',
      before: { msg: '' },
      after: { msg: '地址有误，请核对' },
    });
    expect((await withdrawalRow(record._id)).status).toBe('request');
  });

  it('refuses normal, channel, yunying (4003) and anonymous (1002) callers, and changes nothing', async () => {
    const owner = await withdrawer(50_000);
    const record = await mustCharge(owner.api);
    const callers = [
      { cookie: owner.cookie, code: Codes.FORBIDDEN },
      ...(await Promise.all(
        (['normal', 'channel', 'yunying'] as const).map(async (type) => ({
          cookie: (await signedInUser(app, { type })).cookie,
          code: Codes.FORBIDDEN,
        })),
      )),
      { cookie: undefined, code: Codes.SESSION_EXPIRED },
    ];
    const calls: Array<[string, object]> = [
      ['/api/admin/charge/charge_list', {}],
      ['/api/admin/charge/checkout_charge', { charge_id: record._id, txid: 'stolen' }],
      ['/api/admin/charge/wallet', { uid: owner.id }],
      ['/api/admin/charge/message', { charge_id: record._id, msg: 'x' }],
    ];
    for (const caller of callers)
      for (const [url, payload] of calls) {
        const { result } = await call(app, url, payload, caller.cookie === undefined ? {} : { cookie: caller.cookie });
        expect(result.code, url).toBe(caller.code);
      }
    expect(await withdrawalRow(record._id)).toMatchObject({ status: 'request', txid: '', msg: '' });
    // The user calls name no withdrawal: another user's cannot be reached through them.
    const other = await withdrawer(0);
    expect((await other.api.chargeList()).data).toEqual([]);
    expect(await auditOf(app, 'withdrawal', record._id)).toEqual([]);
  });
});
