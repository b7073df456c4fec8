// Support tickets (/api/feedback/*) on the real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL, where the concurrent reply/close calls really overlap): every call and code,
// QUALITY 5 (markup stays text), QUALITY 7 (another user's ticket and its images), the viewer rule
// of the uploads, the admins' pending count and the mail to the support address.
import {
  Codes,
  ticketViewStatus,
  type ApiResult,
  type FeedbackPendingCount,
  type FeedbackTicket,
  type FeedbackTicketDetail,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditOf, signedInAdmin, type Admin } from '../../../test/admin.js';
import { call, outboxFor, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { CONCURRENCY, TRULY_CONCURRENT } from '../../../test/concurrency.js';
import { images, uploadedImageUrl } from '../../../test/images.js';
import { TICKET_CREATE_LIMIT, TICKET_REPLY_LIMIT } from './routes.js';

const MARKUP_TITLE = '<img src=x onerror="alert(1)">标题 & "引号"';
const MARKUP_DESC = '<script>alert(document.cookie)</script>\n<b>粗体</b> &amp; 第二行';

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
  await app.settings.set({ supportEmail: '' });
});

type User = Awaited<ReturnType<typeof signedInUser>>;

function api(cookie: string) {
  const post = async <T>(url: string, payload: object = {}): Promise<ApiResult<T>> =>
    (await call<T>(app, url, payload, { cookie })).result;
  return {
    list: () => post<FeedbackTicket[]>('/api/feedback/my_list'),
    create: (payload: object) => post<FeedbackTicketDetail>('/api/feedback/create', payload),
    respond: (payload: object) => post<FeedbackTicketDetail>('/api/feedback/response', payload),
    close: (id: string) => post<FeedbackTicketDetail>('/api/feedback/close', { id }),
    refresh: (id: string) => post<FeedbackTicketDetail>('/api/feedback/refresh', { id }),
    pending: () => post<FeedbackPendingCount>('/api/feedback/pending_count'),
  };
}

const adminApi = () => api(admin.cookie);
const asAdmin = () => ({ api: adminApi() });

async function ticketUser(): Promise<User & { api: ReturnType<typeof api> }> {
  const user = await signedInUser(app);
  return { ...user, api: api(user.cookie) };
}

async function mustCreate(user: { api: ReturnType<typeof api> }, payload: object = {}): Promise<FeedbackTicketDetail> {
  const { code, data, msg } = await user.api.create({ title: '无法连接', desc: '今天所有节点都连不上', ...payload });
  if (code !== 0) throw new Error(`create: ${code} ${msg}`);
  return data;
}

async function mustRespond(who: { api: ReturnType<typeof api> }, payload: object): Promise<FeedbackTicketDetail> {
  const { code, data, msg } = await who.api.respond(payload);
  if (code !== 0) throw new Error(`response: ${code} ${msg}`);
  return data;
}

const ticketRow = async (id: string) =>
  (
    await app.database.query<Record<string, unknown>>(
      'SELECT title, "desc", image_url, status, closed_at, closed_by FROM tickets WHERE id = $1',
      [id],
    )
  )[0];
const commentRows = async (id: string) =>
  app.database.query<{ desc: string; image_url: string; from_admin: boolean; author_id: string }>(
    'SELECT "desc", image_url, from_admin, author_id FROM ticket_comments WHERE ticket_id = $1 ORDER BY id',
    [id],
  );
const ticketCount = async () =>
  Number((await app.database.query<{ n: number | string }>('SELECT count(*) AS n FROM tickets'))[0]!.n);

/** GET of an image as the cookie's user: the status code. */
async function imageStatus(url: string, cookie?: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return response.statusCode;
}

const UNKNOWN_ID = '0123456789abcdef01234567';

describe('access', () => {
  it('refuses anonymous callers on every call (1002, HTTP 401)', async () => {
    for (const [url, payload] of [
      ['/api/feedback/my_list', {}],
      ['/api/feedback/create', { title: 't', desc: 'd', imageUrl: '' }],
      ['/api/feedback/response', { id: UNKNOWN_ID, desc: 'd', imageUrl: '' }],
      ['/api/feedback/close', { id: UNKNOWN_ID }],
      ['/api/feedback/refresh', { id: UNKNOWN_ID }],
      ['/api/feedback/pending_count', {}],
    ] as const) {
      const { status, result } = await call(app, url, payload);
      expect(result.code, url).toBe(Codes.SESSION_EXPIRED);
      expect(status, url).toBe(401);
    }
  });

  it('close and pending_count are for admins only: normal, channel and yunying users get 4003 and nothing changes (QUALITY 7)', async () => {
    const owner = await ticketUser();
    const ticket = await mustCreate(owner);
    for (const type of ['normal', 'channel', 'yunying'] as const) {
      const other = await signedInUser(app, { type });
      for (const [url, payload] of [
        ['/api/feedback/close', { id: ticket._id }],
        ['/api/feedback/pending_count', {}],
      ] as const) {
        const { status, result } = await call(app, url, payload, { cookie: other.cookie });
        expect(result.code, `${type} ${url}`).toBe(Codes.FORBIDDEN);
        expect(status).toBe(403);
      }
    }
    // Not even the ticket's owner may close it.
    expect((await owner.api.close(ticket._id)).code).toBe(Codes.FORBIDDEN);
    expect(await ticketRow(ticket._id)).toMatchObject({ status: 'open', closed_at: null });
  });

  it("with 后台人员必须开启两步验证 on, staff without a factor have a user's rights here too: no other user's ticket, reply or image", async () => {
    const owner = await ticketUser();
    const image = await uploadedImageUrl(app, owner.cookie, 'ticket');
    const ticket = await mustCreate(owner, { imageUrl: image });
    const staff = await signedInAdmin(app);
    const staffApi = api(staff.cookie);
    await app.settings.set({ staff_second_factor_required: true });
    try {
      expect((await staffApi.pending()).code).toBe(Codes.SECOND_FACTOR_REQUIRED);
      const listed = await staffApi.list();
      expect(listed.code).toBe(0);
      expect(listed.data.map((t) => t._id)).not.toContain(ticket._id);
      expect((await staffApi.refresh(ticket._id)).code).toBe(Codes.NOT_FOUND);
      expect((await staffApi.respond({ id: ticket._id, desc: '以员工身份回复', imageUrl: '' })).code).toBe(
        Codes.NOT_FOUND,
      );
      expect(await imageStatus(image, staff.cookie)).toBe(404);
      expect((await owner.api.refresh(ticket._id)).data.comments).toHaveLength(0);
    } finally {
      await app.settings.set({ staff_second_factor_required: false });
    }
    // The setting off: the same session has its rights back.
    expect((await staffApi.list()).data.map((t) => t._id)).toContain(ticket._id);
    expect(await imageStatus(image, staff.cookie)).toBe(200);
  });
});

describe('/api/feedback/create', () => {
  it('opens a ticket: open, no comments, the creator e-mail; my_list shows it', async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user, { title: '  无法连接  ', desc: '今天所有节点都连不上\n' });
    expect(ticket).toMatchObject({
      title: '无法连接',
      desc: '今天所有节点都连不上',
      imageUrl: '',
      status: 'open',
      email: user.email,
      lastCommentType: null,
      commentCount: 0,
      comments: [],
    });
    expect(ticket._id).toMatch(/^[0-9a-f]{24}$/);
    expect(Date.parse(ticket.createTime)).not.toBeNaN();
    expect(ticketViewStatus(ticket, false)).toBe('open');
    const { code, data } = await user.api.list();
    expect(code).toBe(0);
    expect(data).toEqual([
      {
        _id: ticket._id,
        title: '无法连接',
        desc: '今天所有节点都连不上',
        imageUrl: '',
        status: 'open',
        createTime: ticket.createTime,
        updateTime: ticket.updateTime,
        email: user.email,
        lastCommentType: null,
        commentCount: 0,
      },
    ]);
  });

  it('needs a title (标题不能为空) and a description (描述不能为空); spaces alone are empty; nothing is stored', async () => {
    const user = await ticketUser();
    const before = await ticketCount();
    for (const title of ['', '   ', '\n\t'])
      expect(await user.api.create({ title, desc: 'd', imageUrl: '' })).toMatchObject({
        code: Codes.INVALID_PAYLOAD,
        msg: '标题不能为空',
      });
    for (const desc of ['', '  \n '])
      expect(await user.api.create({ title: 't', desc, imageUrl: '' })).toMatchObject({
        code: Codes.INVALID_PAYLOAD,
        msg: '描述不能为空',
      });
    expect(await ticketCount()).toBe(before);
    expect((await user.api.list()).data).toEqual([]);
  });

  it('bounds the lengths (title 100, description 2000) and refuses unknown fields and wrong types', async () => {
    const user = await ticketUser();
    const before = await ticketCount();
    for (const payload of [
      { title: 'x'.repeat(101), desc: 'd' },
      { title: 't', desc: 'x'.repeat(2001) },
      { title: 't', desc: 'd', imageUrl: 'x'.repeat(201) },
      { title: 't', desc: 'd', status: 'close' },
      { title: 't', desc: 'd', userId: admin.id },
      { title: 1, desc: 'd' },
      { desc: 'd' },
    ])
      expect((await user.api.create(payload)).code, JSON.stringify(payload).slice(0, 60)).toBe(Codes.INVALID_PAYLOAD);
    expect(await ticketCount()).toBe(before);
    // The limits themselves are accepted.
    await mustCreate(user, { title: '题'.repeat(100), desc: '述'.repeat(2000) });
  });

  it("takes the user's own ticket upload (download path or bare name) and refuses anything else (图片无效)", async () => {
    const user = await ticketUser();
    const other = await ticketUser();
    const own = await uploadedImageUrl(app, user.cookie, 'ticket');
    const withPath = await mustCreate(user, { imageUrl: own });
    expect(withPath.imageUrl).toBe(own);
    const second = await uploadedImageUrl(app, user.cookie, 'ticket', images.jpg);
    const bare = await mustCreate(user, { imageUrl: second.slice('/api/file/downloads/'.length) });
    expect(bare.imageUrl).toBe(second);

    const before = await ticketCount();
    const someoneElses = await uploadedImageUrl(app, other.cookie, 'ticket');
    const ownAvatar = await uploadedImageUrl(app, user.cookie, 'avatar');
    for (const imageUrl of [
      someoneElses,
      ownAvatar,
      '/api/file/downloads/0123456789abcdef0123456789abcdef.png',
      'https://evil.example/x.png',
      '../../etc/passwd',
      `${own}?x=1`,
    ])
      expect(await user.api.create({ title: 't', desc: 'd', imageUrl }), imageUrl).toMatchObject({
        code: Codes.INVALID_PAYLOAD,
        msg: '图片无效',
      });
    expect(await ticketCount()).toBe(before);
  });

  it(`limits new tickets per user (${TICKET_CREATE_LIMIT.max} per window, then 4029); others are not held back`, async () => {
    const user = await ticketUser();
    for (let i = 0; i < TICKET_CREATE_LIMIT.max; i += 1) await mustCreate(user, { title: `t${i}` });
    const refused = await call(app, '/api/feedback/create', { title: 'one more', desc: 'd' }, { cookie: user.cookie });
    expect(refused.result.code).toBe(Codes.RATE_LIMITED);
    expect(refused.status).toBe(429);
    expect(refused.response.headers['retry-after']).toBeDefined();
    expect((await user.api.list()).data).toHaveLength(TICKET_CREATE_LIMIT.max);
    await mustCreate(await ticketUser());
  });
});

describe('reply limit', () => {
  /** The codes of `times` replies sent at once, sorted (0 first, then refusals). */
  const replyTimes = async (who: { api: ReturnType<typeof api> }, id: string, times: number) => {
    const results = await Promise.all(
      Array.from({ length: times }, (_, i) => who.api.respond({ id, desc: `第 ${i} 条` })),
    );
    return results.map((r) => r.code).sort((a, b) => a - b);
  };

  it(`limits a user's replies (${TICKET_REPLY_LIMIT.max} per window, then 4029); staff who answer are not limited, unless the required second factor holds them back`, async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user);
    const accepted = Array<number>(TICKET_REPLY_LIMIT.max).fill(0);
    expect(await replyTimes(user, ticket._id, TICKET_REPLY_LIMIT.max + 1)).toEqual([...accepted, Codes.RATE_LIMITED]);

    const staff = await signedInAdmin(app);
    const staffSide = { api: api(staff.cookie) };
    const answered = await mustCreate(await ticketUser());
    expect(await replyTimes(staffSide, answered._id, TICKET_REPLY_LIMIT.max + 1)).toEqual([...accepted, 0]);

    // Held back, the same staff are a user here: limited on their own ticket.
    const heldBack = await signedInAdmin(app);
    const heldBackSide = { api: api(heldBack.cookie) };
    const own = await mustCreate(heldBackSide);
    await app.settings.set({ staff_second_factor_required: true });
    try {
      expect((await replyTimes(heldBackSide, own._id, TICKET_REPLY_LIMIT.max + 1)).at(-1)).toBe(Codes.RATE_LIMITED);
    } finally {
      await app.settings.set({ staff_second_factor_required: false });
    }
  });
});

describe('QUALITY 5: ticket text with markup stays text', () => {
  it('titles, descriptions and comments are stored and returned verbatim (never escaped, stripped or rendered)', async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user, { title: MARKUP_TITLE, desc: MARKUP_DESC });
    expect(ticket).toMatchObject({ title: MARKUP_TITLE, desc: MARKUP_DESC });
    await mustRespond(user, { id: ticket._id, desc: MARKUP_DESC });
    const answered = await mustRespond(asAdmin(), { id: ticket._id, desc: '<a href="javascript:alert(1)">点我</a>' });
    expect(answered.comments.map((c) => c.text)).toEqual([MARKUP_DESC, '<a href="javascript:alert(1)">点我</a>']);
    expect(await ticketRow(ticket._id)).toMatchObject({ title: MARKUP_TITLE, desc: MARKUP_DESC });
    expect((await commentRows(ticket._id)).map((c) => c.desc)).toEqual([
      MARKUP_DESC,
      '<a href="javascript:alert(1)">点我</a>',
    ]);
    const [listed] = (await adminApi().list()).data.filter((t) => t._id === ticket._id);
    expect(listed).toMatchObject({ title: MARKUP_TITLE, desc: MARKUP_DESC });
  });
});

describe('/api/feedback/response', () => {
  it('the owner and an admin reply; the thread keeps the sides in order; the status derivation follows (spec-2 §4)', async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user);
    const mine = await mustRespond(user, { id: ticket._id, desc: '补充：使用 Clash', imageUrl: '' });
    expect(mine.comments).toEqual([
      { type: 'USER', text: '补充：使用 Clash', imageUrl: '', updateTime: expect.any(String) as string },
    ]);
    expect(mine).toMatchObject({ lastCommentType: 'USER', commentCount: 1 });
    // For the user their own last word is still "in progress"; for an admin it is a reply to read.
    expect(ticketViewStatus(mine, false)).toBe('open');
    expect(ticketViewStatus(mine, true)).toBe('responsed');

    const answered = await mustRespond(asAdmin(), { id: ticket._id, desc: '请更新订阅后重试' });
    expect(answered.comments.map((c) => [c.type, c.text])).toEqual([
      ['USER', '补充：使用 Clash'],
      ['ADMIN', '请更新订阅后重试'],
    ]);
    expect(answered.email).toBe(user.email);
    const [listed] = (await user.api.list()).data;
    expect(listed).toMatchObject({ _id: ticket._id, lastCommentType: 'ADMIN', commentCount: 2 });
    expect(ticketViewStatus(listed!, false)).toBe('responsed');
    expect(ticketViewStatus(listed!, true)).toBe('open');
    expect(Date.parse(listed!.updateTime)).toBeGreaterThanOrEqual(Date.parse(ticket.updateTime));
    const rows = await commentRows(ticket._id);
    expect(rows.map((r) => [r.from_admin, r.author_id])).toEqual([
      [false, user.id],
      [true, admin.id],
    ]);
  });

  it('a reply needs text (描述不能为空)', async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user);
    for (const desc of ['', '   '])
      expect(await user.api.respond({ id: ticket._id, desc, imageUrl: '' })).toMatchObject({
        code: Codes.INVALID_PAYLOAD,
        msg: '描述不能为空',
      });
    expect(await commentRows(ticket._id)).toEqual([]);
  });

  it("someone else's ticket is refused exactly like one that does not exist, and nothing is written (QUALITY 7)", async () => {
    const owner = await ticketUser();
    const intruder = await ticketUser();
    const ticket = await mustCreate(owner);
    const foreign = await call(
      app,
      '/api/feedback/response',
      { id: ticket._id, desc: '我来回复' },
      { cookie: intruder.cookie },
    );
    const missing = await call(
      app,
      '/api/feedback/response',
      { id: UNKNOWN_ID, desc: '我来回复' },
      { cookie: intruder.cookie },
    );
    expect(foreign.result).toEqual({ ...missing.result });
    expect(foreign.status).toBe(missing.status);
    expect(foreign.result).toMatchObject({ code: Codes.NOT_FOUND, msg: '工单不存在' });
    expect(await commentRows(ticket._id)).toEqual([]);
    // Even with the intruder's own valid image, and on a closed ticket (no 1035 to tell it exists).
    const image = await uploadedImageUrl(app, intruder.cookie, 'ticket');
    expect((await intruder.api.respond({ id: ticket._id, desc: 'x', imageUrl: image })).code).toBe(Codes.NOT_FOUND);
    expect((await adminApi().close(ticket._id)).code).toBe(0);
    expect(await intruder.api.respond({ id: ticket._id, desc: 'x' })).toEqual(missing.result);
  });

  it('a closed ticket takes no reply: 1035 该工单已关闭, for its owner and for admins', async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user);
    expect((await adminApi().close(ticket._id)).code).toBe(0);
    for (const api of [user.api, adminApi()]) {
      expect(await api.respond({ id: ticket._id, desc: '还在吗', imageUrl: '' })).toMatchObject({
        code: Codes.TICKET_CLOSED,
        msg: '该工单已关闭',
      });
    }
    const closed = await call(app, '/api/feedback/response', { id: ticket._id, desc: 'x' }, { cookie: user.cookie });
    expect(closed.status).toBe(200);
    expect(await commentRows(ticket._id)).toEqual([]);
  });

  it("a reply's image must be the replier's own ticket upload (an admin's own too)", async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user);
    const usersImage = await uploadedImageUrl(app, user.cookie, 'ticket');
    const adminsImage = await uploadedImageUrl(app, admin.cookie, 'ticket');
    expect(await adminApi().respond({ id: ticket._id, desc: 'x', imageUrl: usersImage })).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: '图片无效',
    });
    expect(await user.api.respond({ id: ticket._id, desc: 'x', imageUrl: adminsImage })).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: '图片无效',
    });
    expect(await commentRows(ticket._id)).toEqual([]);
    const answered = await mustRespond(asAdmin(), { id: ticket._id, desc: '见截图', imageUrl: adminsImage });
    expect(answered.comments[0]).toMatchObject({ type: 'ADMIN', imageUrl: adminsImage });
  });

  it(`replies racing a close: each is in before the close or refused with 1035 ${CONCURRENCY}`, async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user);
    const replies = Array.from({ length: 8 }, (_, i) =>
      call(app, '/api/feedback/response', { id: ticket._id, desc: `第${i}条` }, { cookie: user.cookie }),
    );
    const [closed, ...answers] = await Promise.all([
      call(app, '/api/feedback/close', { id: ticket._id }, { cookie: admin.cookie }),
      ...replies,
    ]);
    expect(closed.result.code).toBe(0);
    const codes = answers.map((a) => a.result.code);
    for (const code of codes) expect([0, Codes.TICKET_CLOSED]).toContain(code);
    expect((await commentRows(ticket._id)).length).toBe(codes.filter((c) => c === 0).length);
    const late = await app.database.query(
      `SELECT c.id FROM ticket_comments c JOIN tickets t ON t.id = c.ticket_id
        WHERE t.id = $1 AND c.created_at > t.closed_at`,
      [ticket._id],
    );
    expect(late).toEqual([]);
  });
});

describe('/api/feedback/close', () => {
  it('an admin closes a ticket (audited); closing again changes nothing; an unknown id is 4004', async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user);
    const closed = await adminApi().close(ticket._id);
    expect(closed).toMatchObject({ code: 0, data: { _id: ticket._id, status: 'close' } });
    expect(ticketViewStatus(closed.data, false)).toBe('close');
    expect(ticketViewStatus(closed.data, true)).toBe('close');
    const row = await ticketRow(ticket._id);
    expect(row).toMatchObject({ status: 'close', closed_by: admin.id });
    expect(row!.closed_at).not.toBeNull();
    const audit = await auditOf(app, 'ticket', ticket._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: admin.id, action: 'action', detail: 'close' });
    expect(audit[0]!.before).toMatchObject({ status: 'open' });
    expect(audit[0]!.after).toMatchObject({ status: 'close' });

    expect(await adminApi().close(ticket._id)).toMatchObject({ code: 0, data: { status: 'close' } });
    expect(await ticketRow(ticket._id)).toEqual(row);
    expect(await auditOf(app, 'ticket', ticket._id)).toHaveLength(1);
    expect((await user.api.list()).data[0]).toMatchObject({ status: 'close' });

    expect(await adminApi().close(UNKNOWN_ID)).toMatchObject({ code: Codes.NOT_FOUND, msg: '工单不存在' });
  });

  it(`admins closing one ticket at the same moment close it once: one audit row, every answer the closed ticket ${CONCURRENCY}`, async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user);
    const second = await signedInAdmin(app);
    const closes = () =>
      Array.from({ length: 6 }, (_, i) =>
        call<FeedbackTicketDetail>(
          app,
          '/api/feedback/close',
          { id: ticket._id },
          { cookie: (i % 2 === 0 ? admin : second).cookie },
        ),
      );
    let answers: Awaited<ReturnType<typeof call<FeedbackTicketDetail>>>[];
    if (TRULY_CONCURRENT) {
      // Every close has read the ticket open and waits for its row: they are let go together.
      let release = () => undefined as void;
      let locked = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = app.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM tickets WHERE id = ${ticket._id} FOR UPDATE`);
        locked();
        await held;
      });
      await isLocked;
      const pending = Promise.all(closes());
      await vi.waitFor(
        async () => {
          const [row] = await app.database.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          expect(Number(row!.n)).toBe(6);
        },
        { timeout: 10_000, interval: 50 },
      );
      release();
      await holder;
      answers = await pending;
    } else {
      answers = await Promise.all(closes());
    }
    for (const { result } of answers)
      expect(result).toMatchObject({ code: 0, data: { _id: ticket._id, status: 'close' } });
    const audit = await auditOf(app, 'ticket', ticket._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'action', detail: 'close' });
    expect(audit[0]!.before).toMatchObject({ status: 'open' });
    expect(audit[0]!.after).toMatchObject({ status: 'close' });
    expect(await ticketRow(ticket._id)).toMatchObject({ status: 'close', closed_by: audit[0]!.operator_id });
  });
});

describe('/api/feedback/refresh', () => {
  it('gives the owner and admins the ticket with its thread', async () => {
    const user = await ticketUser();
    const ticket = await mustCreate(user);
    await mustRespond(asAdmin(), { id: ticket._id, desc: '收到' });
    for (const api of [user.api, adminApi()]) {
      const { code, data } = await api.refresh(ticket._id);
      expect(code).toBe(0);
      expect(data).toMatchObject({ _id: ticket._id, email: user.email, lastCommentType: 'ADMIN', commentCount: 1 });
      expect(data.comments.map((c) => c.text)).toEqual(['收到']);
    }
  });

  it("another user's ticket reads exactly like a missing one (QUALITY 7)", async () => {
    const owner = await ticketUser();
    const intruder = await ticketUser();
    const ticket = await mustCreate(owner, { title: '私密标题' });
    const foreign = await call(app, '/api/feedback/refresh', { id: ticket._id }, { cookie: intruder.cookie });
    const missing = await call(app, '/api/feedback/refresh', { id: UNKNOWN_ID }, { cookie: intruder.cookie });
    expect(foreign.result).toEqual(missing.result);
    expect(foreign.status).toBe(missing.status);
    expect(foreign.response.body).not.toContain(ticket._id);
    expect(JSON.stringify(foreign.result)).not.toContain('私密标题');
  });
});

describe('/api/feedback/my_list', () => {
  it("a user sees only their own tickets; an admin sees every user's with the creator (spec-2 §2)", async () => {
    const alice = await ticketUser();
    const bob = await ticketUser();
    const a = await mustCreate(alice, { title: 'alice 的工单' });
    const b = await mustCreate(bob, { title: 'bob 的工单' });
    expect((await alice.api.list()).data.map((t) => t._id)).toEqual([a._id]);
    expect((await bob.api.list()).data.map((t) => t._id)).toEqual([b._id]);
    const all = (await adminApi().list()).data;
    expect(all.find((t) => t._id === a._id)).toMatchObject({ title: 'alice 的工单', email: alice.email });
    expect(all.find((t) => t._id === b._id)).toMatchObject({ title: 'bob 的工单', email: bob.email });
  });

  it('lists open tickets before closed ones, newest activity first', async () => {
    const user = await ticketUser();
    const first = await mustCreate(user, { title: 'first' });
    const second = await mustCreate(user, { title: 'second' });
    const third = await mustCreate(user, { title: 'third' });
    await adminApi().close(third._id);
    await mustRespond(user, { id: first._id, desc: '更新' });
    expect((await user.api.list()).data.map((t) => t.title)).toEqual(['first', 'second', 'third']);
    expect(second.status).toBe('open');
  });
});

describe('ticket images (viewer rule, QUALITY 7)', () => {
  it("the owner and admins see a ticket's image; another user and visitors get 404", async () => {
    const owner = await ticketUser();
    const intruder = await ticketUser();
    const image = await uploadedImageUrl(app, owner.cookie, 'ticket');
    await mustCreate(owner, { imageUrl: image });
    expect(await imageStatus(image, owner.cookie)).toBe(200);
    expect(await imageStatus(image, admin.cookie)).toBe(200);
    expect(await imageStatus(image, intruder.cookie)).toBe(404);
    expect(await imageStatus(image)).toBe(404);
  });

  it("an admin's reply image is seen by the ticket's owner (once it is on the ticket), not by other users", async () => {
    const owner = await ticketUser();
    const intruder = await ticketUser();
    const ticket = await mustCreate(owner);
    const other = await mustCreate(intruder);
    const image = await uploadedImageUrl(app, admin.cookie, 'ticket');
    // Uploaded but not yet on a ticket: the admin's own.
    expect(await imageStatus(image, owner.cookie)).toBe(404);
    await mustRespond(asAdmin(), { id: ticket._id, desc: '见截图', imageUrl: image });
    expect(await imageStatus(image, owner.cookie)).toBe(200);
    expect(await imageStatus(image, intruder.cookie)).toBe(404);
    // The intruder cannot pull it onto their own ticket either.
    expect(await intruder.api.respond({ id: other._id, desc: 'x', imageUrl: image })).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
    });
    const response = await app.inject({ method: 'GET', url: image, headers: { cookie: owner.cookie } });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("a user's reply image is private to the owner and admins too", async () => {
    const owner = await ticketUser();
    const intruder = await ticketUser();
    const ticket = await mustCreate(owner);
    const image = await uploadedImageUrl(app, owner.cookie, 'ticket', images.webp);
    await mustRespond(owner, { id: ticket._id, desc: '截图', imageUrl: image });
    expect(await imageStatus(image, owner.cookie)).toBe(200);
    expect(await imageStatus(image, admin.cookie)).toBe(200);
    expect(await imageStatus(image, intruder.cookie)).toBe(404);
  });
});

describe('/api/feedback/pending_count', () => {
  it("counts open tickets whose last word is the user's; an answer or a close takes one off", async () => {
    const start = (await adminApi().pending()).data.count;
    const user = await ticketUser();
    const t1 = await mustCreate(user);
    const t2 = await mustCreate(user);
    expect((await adminApi().pending()).data.count).toBe(start + 2);
    await mustRespond(asAdmin(), { id: t1._id, desc: '已处理' });
    expect((await adminApi().pending()).data.count).toBe(start + 1);
    await mustRespond(user, { id: t1._id, desc: '还是不行' });
    expect((await adminApi().pending()).data.count).toBe(start + 2);
    await adminApi().close(t2._id);
    expect((await adminApi().pending()).data.count).toBe(start + 1);
    await adminApi().close(t1._id);
    expect((await adminApi().pending()).data).toEqual({ count: start });
  });
});

describe('mail to the support address', () => {
  const SUPPORT = 'support@example.com';
  const mailsTo = async (to: string) => {
    await app.ticketNotifier.settled();
    return outboxFor(app, to);
  };

  it('is sent for a new ticket and a user reply when supportEmail is set (markup escaped in the HTML), not for admin replies', async () => {
    await app.settings.set({ supportEmail: SUPPORT });
    const before = (await mailsTo(SUPPORT)).length;
    const user = await ticketUser();
    const ticket = await mustCreate(user, { title: MARKUP_TITLE, desc: MARKUP_DESC });
    await mustRespond(asAdmin(), { id: ticket._id, desc: '管理员回复' });
    await mustRespond(user, { id: ticket._id, desc: '用户追问<i>x</i>' });
    // The notifier sends in the background, so the two mails may be stored in either order.
    const mails = (await mailsTo(SUPPORT)).slice(before);
    expect(mails).toHaveLength(2);
    const created = mails.find((m) => m.subject.includes('新工单'))!;
    const replied = mails.find((m) => m.subject.includes('工单有新回复'))!;
    expect(created).toBeDefined();
    expect(replied).toBeDefined();
    expect(created.text).toContain(user.email);
    expect(created.text).toContain(MARKUP_DESC);
    expect(created.text).toContain('/#/feedback');
    expect(created.html).not.toContain('<script>');
    expect(created.html).not.toContain('<img');
    expect(created.html).toContain('&#60;script&#62;');
    expect(replied.text).toContain('用户追问<i>x</i>');
    expect(replied.html).not.toContain('<i>x</i>');
  });

  it('is not sent without a support address', async () => {
    const user = await ticketUser();
    const all = async () =>
      Number((await app.database.query<{ n: number | string }>('SELECT count(*) AS n FROM mail_outbox'))[0]!.n);
    await app.ticketNotifier.settled();
    const before = await all();
    await mustCreate(user);
    await app.ticketNotifier.settled();
    expect(await all()).toBe(before);
  });

  it("a failing mail never fails the user's call", async () => {
    await app.settings.set({ supportEmail: SUPPORT });
    const send = vi.spyOn(app.mail, 'send').mockRejectedValue(new Error('smtp down'));
    try {
      const user = await ticketUser();
      const ticket = await mustCreate(user);
      await mustRespond(user, { id: ticket._id, desc: '追问' });
      await app.ticketNotifier.settled();
      expect(send).toHaveBeenCalledTimes(2);
      expect((await user.api.refresh(ticket._id)).data.comments).toHaveLength(1);
    } finally {
      send.mockRestore();
    }
  });

  it('the setting takes an address or nothing', async () => {
    await expect(app.settings.set({ supportEmail: 'not an address' })).rejects.toThrow();
    await app.settings.set({ supportEmail: SUPPORT });
    expect(await app.settings.get('supportEmail')).toBe(SUPPORT);
  });
});
