// The invite rebate seen by the inviter (/api/channel/*) on the real database: the channel made on
// the first visit (once, also for parallel visits), the rules that apply, invitees and the rebates
// that purchases through the real payment path paid; agency users are refused.
import { Codes, type ChannelInfo, type ChannelReward, type InvitedUser } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { CONCURRENCY } from '../../../test/concurrency.js';
import { approveSandboxPayment, GiB, newOrder, product, shopApi } from '../../../test/money.js';
import { createChannelsRepository } from './repository.js';
import { AGENCY_REFUSAL } from './routes.js';
import { createChannelsService, maskEmail, newChannelCode } from './service.js';

let app: FastifyInstance;
let pack: string;

beforeAll(async () => {
  app = await buildTestApp();
  pack = await product(app, { name: '十元包', price: 10, traffic: 10 * GiB });
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  await app.settings.set({
    openChannel: true,
    channelRewardRate: 0.1,
    channelConsumerDuration: 365,
    min_charge_money: 500,
  });
});

const post = async <T>(url: string, cookie?: string) =>
  (await call<T>(app, url, {}, cookie === undefined ? {} : { cookie })).result;
const info = (cookie: string) => post<ChannelInfo>('/api/channel/channel_info', cookie);
const rewards = (cookie: string) => post<ChannelReward[]>('/api/channel/reward_list', cookie);
const invited = (cookie: string) => post<InvitedUser[]>('/api/channel/invited_users', cookie);

const channelRows = (userId: string) =>
  app.database.query<{ code: string }>('SELECT code FROM channels WHERE user_id = $1', [userId]);

/** A user who signed up with the inviter's code (what sign-up records from the channel cookie). */
async function invitee(code: string) {
  const user = await signedInUser(app);
  await app.database.query('UPDATE users SET channel_code = $2 WHERE id = $1', [user.id, code]);
  return user;
}

/** A purchase paid through the sandbox gateway, the way a real one is (fulfilment pays the rebate). */
async function buy(cookie: string) {
  const order = await newOrder(app, cookie, pack);
  const { data } = await shopApi(app, cookie).dobuy(order._id);
  await approveSandboxPayment(app, data.payurl!);
}

describe('channel/channel_info', () => {
  it('makes the user a channel on the first visit (6 characters), the same one afterwards, with the settings’ rules', async () => {
    const alice = await signedInUser(app);
    expect(await channelRows(alice.id)).toEqual([]);
    const first = await info(alice.cookie);
    expect(first.code).toBe(0);
    expect(first.data).toEqual({
      code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/),
      rewardRate: 0.1,
      min_charge_money: 500,
      consumerDuration: 365,
      open: true,
      inviteBase: 'http://localhost:80',
      invitedCount: 0,
    });
    expect((await info(alice.cookie)).data.code).toBe(first.data.code);
    expect(await channelRows(alice.id)).toEqual([{ code: first.data.code }]);
  });

  it(`parallel first visits make one channel ${CONCURRENCY}`, async () => {
    const bob = await signedInUser(app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => info(bob.cookie)));
    expect(new Set(answers.map((a) => a.data.code)).size).toBe(1);
    expect(await channelRows(bob.id)).toHaveLength(1);
  });

  it('an operator’s rate and duration for the channel win over the settings', async () => {
    const carol = await signedInUser(app);
    const { code } = (await info(carol.cookie)).data;
    await app.database.query('UPDATE channels SET reward_rate = 0.3, consumer_duration_days = 30 WHERE user_id = $1', [
      carol.id,
    ]);
    await app.settings.set({ min_charge_money: 100 });
    expect((await info(carol.cookie)).data).toMatchObject({
      code,
      rewardRate: 0.3,
      consumerDuration: 30,
      min_charge_money: 100,
    });
  });

  it("with openChannel off: no channel is made (code ''), an existing one is shown with open false", async () => {
    const had = await signedInUser(app);
    const { code } = (await info(had.cookie)).data;
    await app.settings.set({ openChannel: false });
    const none = await signedInUser(app);
    expect((await info(none.cookie)).data).toMatchObject({ code: '', open: false, invitedCount: 0 });
    expect(await channelRows(none.id)).toEqual([]);
    expect((await info(had.cookie)).data).toMatchObject({ code, open: false });
  });

  it('counts the users who signed up with the code; invited_users lists when, newest first', async () => {
    const dave = await signedInUser(app);
    const { code } = (await info(dave.cookie)).data;
    const a = await invitee(code);
    await invitee(code);
    await app.database.query("UPDATE users SET created_at = now() - interval '2 days' WHERE id = $1", [a.id]);
    await invitee('SOMEONE-ELSE');
    expect((await info(dave.cookie)).data.invitedCount).toBe(2);
    const list = await invited(dave.cookie);
    expect(list.code).toBe(0);
    expect(list.data).toHaveLength(2);
    expect(Object.keys(list.data[0]!)).toEqual(['createTime']);
    expect(new Date(list.data[0]!.createTime).getTime()).toBeGreaterThan(new Date(list.data[1]!.createTime).getTime());
    // A user without a channel has invited no one.
    expect((await invited((await signedInUser(app)).cookie)).data).toEqual([]);
  });
});

describe('channel/reward_list', () => {
  it('lists the rebates purchases paid: masked buyer, item, spend, reward, time and the wallet after; only the inviter’s own', async () => {
    const erin = await signedInUser(app);
    const { code } = (await info(erin.cookie)).data;
    const buyer = await invitee(code);
    await buy(buyer.cookie);
    await buy(buyer.cookie);
    const list = await rewards(erin.cookie);
    expect(list.code).toBe(0);
    expect(list.data).toHaveLength(2);
    expect(list.data[0]).toEqual({
      _id: expect.any(String),
      comsumer_name: maskEmail(buyer.email),
      desc: '十元包',
      userSpend: 10,
      reward: 1,
      buyTime: expect.any(String),
      left: 2,
    });
    expect(list.data[1]).toMatchObject({ reward: 1, left: 1 });
    expect(list.data[0]!.comsumer_name).not.toContain(buyer.email.split('@')[0]!);
    // Neither the buyer nor anyone else sees them.
    expect((await rewards(buyer.cookie)).data).toEqual([]);
    expect((await rewards((await signedInUser(app)).cookie)).data).toEqual([]);
  });
});

describe('access', () => {
  it('refuses visitors (1002) and agency users (4003 with its message) on every call; nothing is made', async () => {
    const agent = await signedInUser(app);
    await app.database.query('UPDATE users SET is_agency = true WHERE id = $1', [agent.id]);
    for (const url of ['/api/channel/channel_info', '/api/channel/reward_list', '/api/channel/invited_users']) {
      expect((await post(url)).code, url).toBe(Codes.SESSION_EXPIRED);
      expect(await post(url, agent.cookie), url).toMatchObject({ code: Codes.FORBIDDEN, msg: AGENCY_REFUSAL });
    }
    expect(await channelRows(agent.id)).toEqual([]);
  });

  it('refuses any user on the agency domain', async () => {
    const frank = await signedInUser(app);
    const host = new URL(app.config.agencyDomain).host;
    const { result } = await call(app, '/api/channel/channel_info', {}, { cookie: frank.cookie, headers: { host } });
    expect(result.code).toBe(Codes.FORBIDDEN);
    expect(await channelRows(frank.id)).toEqual([]);
  });
});

describe('codes', () => {
  it('a taken code is passed over for the next random one', async () => {
    const holder = await signedInUser(app);
    const taken = (await info(holder.cookie)).data.code;
    const codes = [taken, taken, 'FRESH7'];
    const service = createChannelsService({
      repo: createChannelsRepository(app.db),
      settings: app.settings,
      newCode: () => codes.shift()!,
    });
    const gina = await signedInUser(app);
    expect((await service.info(gina.id, 'https://portal.example/')).code).toBe('FRESH7');
    expect((await service.info(gina.id, 'https://portal.example/')).inviteBase).toBe('https://portal.example');
  });

  it('random codes use the 32 unambiguous symbols; e-mails are masked', () => {
    for (let i = 0; i < 50; i += 1) expect(newChannelCode()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('x@e.cn')).toBe('x***@e.cn');
  });
});
