// Traffic gifts (/api/push/*) on the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL,
// where the concurrent calls really overlap): every code of spec-2 §8, QUALITY 7 (another user's
// gifts can be neither read nor received by the sender) and QUALITY 15 (one code received by 20
// concurrent requests of several users: one success, traffic conserved).
import { Codes, encodeRequest, decodeResponse, GiB, type ApiResult, type Gift, type PushList } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { CONCURRENCY } from '../../../test/concurrency.js';
import { GIFT_CREATE_LIMIT, GIFT_RECEIVE_FAILURES } from './routes.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  await app.settings.set({ minPushNum: 20, costRate: 0.2 });
});

/** Each test calls from addresses of its own, so the per-address counters of one do not reach another. */
let nextAddress = 0;
const freshAddress = () => {
  nextAddress += 1;
  return `10.77.${nextAddress >> 8}.${nextAddress & 255}`;
};

async function post<T>(url: string, payload: unknown, cookie: string | undefined, ip: string): Promise<ApiResult<T>> {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: encodeRequest(payload),
    headers: cookie === undefined ? {} : { cookie },
    remoteAddress: ip,
  });
  return decodeResponse<T>(response.json());
}

interface TestUser {
  id: string;
  cookie: string;
  list: () => Promise<ApiResult<PushList>>;
  create: (pushNumber: unknown) => Promise<ApiResult<Gift>>;
  receive: (code: unknown) => Promise<ApiResult<Gift>>;
}

/** A signed-in user with `permanentGb` G of permanent traffic (a 'buy' credit, as a purchase gives). */
async function user(permanentGb = 0, ip = freshAddress()): Promise<TestUser> {
  const { id, cookie } = await signedInUser(app);
  if (permanentGb > 0) {
    await app.db.transaction((tx) =>
      app.traffic.credit(tx, { userId: id, bytes: permanentGb * GiB, type: 'buy', desc: '测试购买' }),
    );
  }
  return {
    id,
    cookie,
    list: () => post<PushList>('/api/push/list', {}, cookie, ip),
    create: (pushNumber) => post<Gift>('/api/push/create', { pushNumber }, cookie, ip),
    receive: (code) => post<Gift>('/api/push/receive', { code }, cookie, ip),
  };
}

const num = (value: unknown) => Number(value);

async function totals(userId: string) {
  const [row] = await app.database.query<{ traffic: unknown; spend: unknown }>(
    'SELECT traffic, spend_traffic AS spend FROM users WHERE id = $1',
    [userId],
  );
  return { traffic: num(row!.traffic), spend: num(row!.spend) };
}

async function records(userId: string) {
  const rows = await app.database.query<{ type: string; change: unknown; all_traffic: unknown; desc: string }>(
    'SELECT type, traffic_change AS change, all_traffic, "desc" FROM traffic_records WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((r) => ({ type: r.type, change: num(r.change), allTraffic: num(r.all_traffic), desc: r.desc }));
}

async function giftRow(code: string) {
  const [row] = await app.database.query<Record<string, unknown>>('SELECT * FROM gifts WHERE code = $1', [code]);
  return row;
}

async function madeGift(sender: TestUser, pushNumber = 20): Promise<Gift> {
  const { code, data, msg } = await sender.create(pushNumber);
  if (code !== 0) throw new Error(`push/create: ${code} ${msg}`);
  return data;
}

describe('push/list', () => {
  it('answers the rules (defaults minPushNum 20 G, costRate 0.2) and the permanent traffic; no gifts yet', async () => {
    await app.settings.set({ minPushNum: 20, costRate: 0.2 });
    const alice = await user(30);
    const { code, data } = await alice.list();
    expect(code).toBe(0);
    expect(data).toEqual({ minPushNum: 20, costRate: 0.2, permanentTraffic: 30 * GiB, pushList: [] });
  });

  it('leaves time-limited trial traffic out of what can be given', async () => {
    const bob = await user(25);
    await app.db.transaction((tx) =>
      app.traffic.credit(tx, {
        userId: bob.id,
        bytes: 8 * GiB,
        type: 'coupon',
        desc: '体验券',
        grant: { expiresAt: new Date(Date.now() + 86_400_000), source: 'test', sourceId: bob.id },
      }),
    );
    expect((await bob.list()).data.permanentTraffic).toBe(25 * GiB);
  });

  it('refuses visitors (1002) on every call, and changes nothing', async () => {
    const ip = freshAddress();
    for (const [url, payload] of [
      ['/api/push/list', {}],
      ['/api/push/create', { pushNumber: 20 }],
      ['/api/push/receive', { code: 'a'.repeat(32) }],
    ] as const) {
      expect((await post(url, payload, undefined, ip)).code, url).toBe(Codes.SESSION_EXPIRED);
    }
  });
});

describe('push/create', () => {
  it('spends exactly pushNumber G of permanent traffic (push_spend), fee = round(amount × costRate), a 128-bit code', async () => {
    const alice = await user(50);
    const before = await totals(alice.id);
    const { code, data } = await alice.create(20);
    expect(code).toBe(0);
    expect(data).toMatchObject({
      pushNumber: 20 * GiB,
      fee: Math.round(20 * GiB * 0.2),
      receiveNumber: 20 * GiB - Math.round(20 * GiB * 0.2),
      costRate: 0.2,
      state: 'created',
      receiveTime: null,
      direction: 'sent',
    });
    expect(data.code).toMatch(/^[0-9a-f]{32}$/);
    expect((await totals(alice.id)).traffic).toBe(before.traffic - 20 * GiB);
    expect((await records(alice.id)).at(-1)).toEqual({
      type: 'push_spend',
      change: -20 * GiB,
      allTraffic: 30 * GiB,
      desc: '转赠流量 20G（对方获得 16G，手续费 4G）',
    });
    expect(await giftRow(data.code)).toMatchObject({ status: 'created', sender_id: alice.id, receiver_id: null });
    const list = await alice.list();
    expect(list.data.pushList).toEqual([data]);
    expect(list.data.permanentTraffic).toBe(30 * GiB);
  });

  it('codes are distinct across gifts', async () => {
    const alice = await user(100);
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) codes.add((await madeGift(alice)).code);
    expect(codes.size).toBe(5);
  });

  it('1037 below minPushNum with the spec’s 最低转赠{n}G; nothing changes', async () => {
    const alice = await user(50);
    const before = await records(alice.id);
    expect(await alice.create(19)).toMatchObject({ code: Codes.GIFT_BELOW_MIN, msg: '最低转赠20G' });
    await app.settings.set({ minPushNum: 30 });
    expect(await alice.create(25)).toMatchObject({ code: Codes.GIFT_BELOW_MIN, msg: '最低转赠30G' });
    expect(await records(alice.id)).toEqual(before);
    expect((await alice.list()).data).toMatchObject({ minPushNum: 30, pushList: [] });
  });

  it('1038 when the permanent traffic does not cover it (time-limited traffic does not count); nothing changes', async () => {
    const alice = await user(15);
    await app.db.transaction((tx) =>
      app.traffic.credit(tx, {
        userId: alice.id,
        bytes: 10 * GiB,
        type: 'coupon',
        desc: '体验券',
        grant: { expiresAt: new Date(Date.now() + 86_400_000), source: 'test', sourceId: alice.id },
      }),
    );
    const before = { totals: await totals(alice.id), records: await records(alice.id) };
    expect(await alice.create(20)).toMatchObject({
      code: Codes.GIFT_NOT_ENOUGH_TRAFFIC,
      msg: '可转赠的不限时流量不足（只有不限时流量可以转赠）',
    });
    expect({ totals: await totals(alice.id), records: await records(alice.id) }).toEqual(before);
    expect((await alice.list()).data.pushList).toEqual([]);
  });

  it('traffic already used counts against it: what is left, not what was bought', async () => {
    const alice = await user(30);
    await app.database.query('UPDATE users SET spend_traffic = $2 WHERE id = $1', [alice.id, 11 * GiB]);
    expect((await alice.create(20)).code).toBe(Codes.GIFT_NOT_ENOUGH_TRAFFIC);
    await app.database.query('UPDATE users SET spend_traffic = $2 WHERE id = $1', [alice.id, 10 * GiB]);
    expect((await alice.create(20)).code).toBe(0);
  });

  it('costRate 0 keeps no fee; the rate is kept on the gift when the setting changes later', async () => {
    await app.settings.set({ costRate: 0 });
    const alice = await user(40);
    const free = await madeGift(alice);
    expect(free).toMatchObject({ fee: 0, receiveNumber: 20 * GiB, costRate: 0 });
    await app.settings.set({ costRate: 0.35 });
    const bob = await user();
    expect((await bob.receive(free.code)).data).toMatchObject({ receiveNumber: 20 * GiB, fee: 0 });
    expect((await totals(bob.id)).traffic).toBe(20 * GiB);
  });

  it('refuses amounts that are not whole G from 1 (4001): zero, negative, fractions, strings, huge', async () => {
    const alice = await user(50);
    for (const bad of [0, -20, 20.5, '20', null, 1e9, Number.MAX_SAFE_INTEGER]) {
      expect((await alice.create(bad)).code, String(bad)).toBe(Codes.INVALID_PAYLOAD);
    }
    expect(await records(alice.id)).toHaveLength(1);
  });

  it(`1039 once a user has made ${GIFT_CREATE_LIMIT.max} gifts in a minute`, async () => {
    await app.settings.set({ minPushNum: 1 });
    const alice = await user(GIFT_CREATE_LIMIT.max + 5);
    for (let i = 0; i < GIFT_CREATE_LIMIT.max; i += 1) expect((await alice.create(1)).code).toBe(0);
    expect(await alice.create(1)).toMatchObject({ code: Codes.GIFT_TOO_FREQUENT, msg: '操作过于频繁，请稍后再试' });
    expect((await totals(alice.id)).traffic).toBe(5 * GiB);
    // Another user is not slowed down.
    expect((await (await user(1)).create(1)).code).toBe(0);
  });
});

describe('push/receive', () => {
  it('credits amount − fee (push_receive) to the receiver; the gift is received; both lists show it; traffic conserved', async () => {
    const alice = await user(50);
    const bob = await user(3);
    const gift = await madeGift(alice, 25);
    const fee = Math.round(25 * GiB * 0.2);
    const { code, data } = await bob.receive(`  ${gift.code}\n`);
    expect(code).toBe(0);
    expect(data).toMatchObject({
      code: gift.code,
      receiveNumber: 25 * GiB - fee,
      state: 'received',
      direction: 'received',
    });
    expect(data.receiveTime).not.toBeNull();
    expect((await totals(bob.id)).traffic).toBe(3 * GiB + 25 * GiB - fee);
    expect((await records(bob.id)).at(-1)).toEqual({
      type: 'push_receive',
      change: 25 * GiB - fee,
      allTraffic: 28 * GiB - fee,
      desc: '领取转赠流量 20G',
    });
    expect(await giftRow(gift.code)).toMatchObject({ status: 'received', receiver_id: bob.id });
    const sent = (await alice.list()).data.pushList;
    expect(sent).toEqual([{ ...data, direction: 'sent' }]);
    expect((await bob.list()).data.pushList).toEqual([data]);
    // Sender's loss = receiver's gain + fee.
    expect(50 * GiB - (await totals(alice.id)).traffic).toBe((await totals(bob.id)).traffic - 3 * GiB + fee);
  });

  it('1040 for an unknown code, a used one and the sender’s own (its own message); nothing changes', async () => {
    const alice = await user(50);
    const bob = await user();
    const carol = await user();
    const gift = await madeGift(alice);
    const aliceBefore = { totals: await totals(alice.id), records: await records(alice.id) };
    expect(await alice.receive(gift.code)).toMatchObject({
      code: Codes.GIFT_CODE_INVALID,
      msg: '不能领取自己的转赠码',
    });
    expect({ totals: await totals(alice.id), records: await records(alice.id) }).toEqual(aliceBefore);
    expect((await giftRow(gift.code))!.status).toBe('created');
    expect(await bob.receive('0'.repeat(32))).toMatchObject({
      code: Codes.GIFT_CODE_INVALID,
      msg: '转赠码不存在或已失效',
    });
    expect(await bob.receive('   ')).toMatchObject({ code: Codes.GIFT_CODE_INVALID, msg: '转赠码不存在或已失效' });
    expect((await bob.receive(gift.code)).code).toBe(0);
    const bobAfter = await totals(bob.id);
    expect(await bob.receive(gift.code)).toMatchObject({ code: Codes.GIFT_CODE_INVALID, msg: '转赠码不存在或已失效' });
    expect(await carol.receive(gift.code)).toMatchObject({
      code: Codes.GIFT_CODE_INVALID,
      msg: '转赠码不存在或已失效',
    });
    expect(await totals(bob.id)).toEqual(bobAfter);
    expect(await totals(carol.id)).toEqual({ traffic: 0, spend: 0 });
  });

  it('QUALITY 7: another user sees none of someone’s gifts, and only the receiver sees one received', async () => {
    const alice = await user(60);
    const bob = await user();
    const eve = await user();
    const kept = await madeGift(alice);
    const given = await madeGift(alice);
    await bob.receive(given.code);
    expect((await eve.list()).data.pushList).toEqual([]);
    expect((await bob.list()).data.pushList.map((g) => g.code)).toEqual([given.code]);
    expect((await alice.list()).data.pushList.map((g) => g.code).sort()).toEqual([kept.code, given.code].sort());
  });

  it(`1039 after ${GIFT_RECEIVE_FAILURES.perUser.max} failed codes of one user, even for a good code; others are not slowed`, async () => {
    const alice = await user(50);
    const gift = await madeGift(alice);
    const mallory = await user();
    for (let i = 0; i < GIFT_RECEIVE_FAILURES.perUser.max; i += 1) {
      expect((await mallory.receive(`guess-${i}`)).code).toBe(Codes.GIFT_CODE_INVALID);
    }
    expect(await mallory.receive(gift.code)).toMatchObject({
      code: Codes.GIFT_TOO_FREQUENT,
      msg: '操作过于频繁，请稍后再试',
    });
    expect((await giftRow(gift.code))!.status).toBe('created');
    expect((await totals(mallory.id)).traffic).toBe(0);
    const honest = await user();
    expect((await honest.receive(gift.code)).code).toBe(0);
  });

  it(`1039 after ${GIFT_RECEIVE_FAILURES.perAddress.max} failed codes from one address, whatever the accounts`, async () => {
    const ip = freshAddress();
    const guessers = await Promise.all(Array.from({ length: 4 }, () => user(0, ip)));
    for (let i = 0; i < GIFT_RECEIVE_FAILURES.perAddress.max; i += 1) {
      expect((await guessers[i % guessers.length]!.receive(`guess-${i}`)).code).toBe(Codes.GIFT_CODE_INVALID);
    }
    const alice = await user(50);
    const gift = await madeGift(alice);
    const fresh = await user(0, ip);
    expect((await fresh.receive(gift.code)).code).toBe(Codes.GIFT_TOO_FREQUENT);
    // From another address the same code works.
    expect((await (await user()).receive(gift.code)).code).toBe(0);
  });

  it('999 when something nobody foresaw fails (the error log keeps it); nothing changes', async () => {
    const alice = await user(50);
    const bob = await user(1);
    const gift = await madeGift(alice);
    await app.database.query(
      'ALTER TABLE gifts ADD CONSTRAINT gifts_test_fault CHECK (status <> $$received$$) NOT VALID',
    );
    try {
      expect(await bob.receive(gift.code)).toMatchObject({ code: Codes.UNKNOWN, msg: '未知错误' });
    } finally {
      await app.database.query('ALTER TABLE gifts DROP CONSTRAINT gifts_test_fault');
    }
    expect((await giftRow(gift.code))!.status).toBe('created');
    expect(await totals(bob.id)).toEqual({ traffic: GiB, spend: 0 });
    const logged = await app.database.query<{ msg: string }>(
      'SELECT msg FROM error_log ORDER BY created_at DESC LIMIT 1',
    );
    expect(logged[0]!.msg).toContain('gifts_test_fault');
    // Not counted as a guess, and the code still works.
    expect((await bob.receive(gift.code)).code).toBe(0);
  });
});

describe(`QUALITY 15: one code received by 20 concurrent requests of several users ${CONCURRENCY}`, () => {
  it('exactly one success, one push_receive record, and the sender’s loss = the receiver’s gain + fee', async () => {
    const alice = await user(40);
    const receivers = await Promise.all(Array.from({ length: 5 }, () => user(2)));
    const gift = await madeGift(alice, 20);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => receivers[i % 5]!.receive(gift.code)));
    const winners = answers.filter((a) => a.code === 0);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.code === Codes.GIFT_CODE_INVALID)).toHaveLength(19);
    const row = await giftRow(gift.code);
    const winner = receivers.find((r) => r.id === row!.receiver_id)!;
    const receiveRecords = await app.database.query(
      "SELECT id FROM traffic_records WHERE type = 'push_receive' AND user_id = ANY($1::text[])",
      [receivers.map((r) => r.id)],
    );
    expect(receiveRecords).toHaveLength(1);
    const gains = await Promise.all(receivers.map(async (r) => (await totals(r.id)).traffic - 2 * GiB));
    expect(gains.filter((g) => g !== 0)).toEqual([gift.receiveNumber]);
    expect((await totals(winner.id)).traffic).toBe(2 * GiB + gift.receiveNumber);
    const loss = 40 * GiB - (await totals(alice.id)).traffic;
    expect(loss).toBe(gift.receiveNumber + gift.fee);
    expect(loss).toBe(20 * GiB);
  });

  it('concurrent gifts never spend more permanent traffic than there is', async () => {
    const alice = await user(50);
    const answers = await Promise.all(Array.from({ length: 6 }, () => alice.create(20)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(2);
    expect(answers.filter((a) => a.code === Codes.GIFT_NOT_ENOUGH_TRAFFIC)).toHaveLength(4);
    expect((await totals(alice.id)).traffic).toBe(10 * GiB);
    const spent = (await records(alice.id)).filter((r) => r.type === 'push_spend');
    expect(spent.map((r) => r.change)).toEqual([-20 * GiB, -20 * GiB]);
    expect((await alice.list()).data.pushList).toHaveLength(2);
  });
});
