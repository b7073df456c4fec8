import { Codes, type Notice } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

const list = async (cookie: string) => (await call<Notice[]>(app, '/api/user_notive/list', {}, { cookie })).result;
const clicked = (cookie: string, noticeId: string) => call(app, '/api/user_notive/clicked', { noticeId }, { cookie });

describe('notices', () => {
  it("list a user's unread notices, newest first: everyone's and their own, not others' nor expired ones", async () => {
    const alice = await signedInUser(app);
    const bob = await signedInUser(app);
    const older = await app.notices.create({ desc: '<b>维护通知</b>', href: '#/windows_errors' });
    await app.database.query("UPDATE notices SET created_at = now() - interval '1 hour' WHERE id = $1", [older]);
    const forAlice = await app.notices.create({ desc: '您的订单已完成', href: '#/order', userId: alice.id });
    const forBob = await app.notices.create({ desc: 'Bob 的通知', userId: bob.id });
    await app.notices.create({ desc: '过期的通知', expiresAt: new Date(Date.now() - 1000) });

    const aliceList = await list(alice.cookie);
    expect(aliceList.code).toBe(0);
    expect(aliceList.data).toEqual([
      { _id: forAlice, desc: '您的订单已完成', href: '#/order' },
      // Text is passed on as it was written; the page renders it as text.
      { _id: older, desc: '<b>维护通知</b>', href: '#/windows_errors' },
    ]);
    expect((await list(bob.cookie)).data.map((n) => n._id)).toEqual([forBob, older]);
  });

  it('clicked marks a notice read for that user only, and may be repeated', async () => {
    const carol = await signedInUser(app);
    const dave = await signedInUser(app);
    const id = await app.notices.create({ desc: '新功能上线', href: 'https://example.com/news' });
    expect((await clicked(carol.cookie, id)).result).toMatchObject({ code: 0 });
    expect((await clicked(carol.cookie, id)).result).toMatchObject({ code: 0 });
    expect((await list(carol.cookie)).data.map((n) => n._id)).not.toContain(id);
    expect((await list(dave.cookie)).data.map((n) => n._id)).toContain(id);
  });

  it("refuses to mark another user's notice or an unknown one, and records nothing", async () => {
    const erin = await signedInUser(app);
    const frank = await signedInUser(app);
    const private_ = await app.notices.create({ desc: 'Frank 的通知', userId: frank.id });
    for (const noticeId of [private_, '0'.repeat(24)]) {
      const { status, result } = await clicked(erin.cookie, noticeId);
      expect(status).toBe(404);
      expect(result).toMatchObject({ code: Codes.NOT_FOUND, msg: '通知不存在' });
    }
    expect(await app.database.query('SELECT * FROM notice_reads WHERE user_id = $1', [erin.id])).toEqual([]);
    expect((await list(frank.cookie)).data.map((n) => n._id)).toContain(private_);
  });

  it('validates the payload', async () => {
    const user = await signedInUser(app);
    const { status, result } = await call(app, '/api/user_notive/clicked', { noticeId: 42 }, { cookie: user.cookie });
    expect(status).toBe(400);
    expect(result.code).toBe(Codes.INVALID_PAYLOAD);
  });
});
