// The shared Apple ID accounts (/api/user/apple_ids): the operator's `apple_ids` setting, edited on
// the configuration screen, handed to paid users only; the BFF decides, and nobody else receives
// any of the data (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { appleIdMessages, Codes, type AdminConfig, type AppleIdAccount } from '@portal/contracts';
import { SECRET_MASK } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type Admin } from '../../../test/admin.js';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';

const ACCOUNTS: AppleIdAccount[] = [
  {
    account: 'shared-us-1@icloud.example',
    password: 'Secret-Pass-1',
    region: '美国',
    note: '请勿登录 iCloud',
    status: '可用',
  },
  { account: 'shared-hk-2@icloud.example', password: 'Secret-Pass-2', region: '香港', note: '', status: '已锁定' },
];

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAdmin(app);
});

afterAll(async () => {
  await app.close();
});

const appleIds = (cookie?: string) =>
  call<AppleIdAccount[]>(app, '/api/user/apple_ids', {}, cookie === undefined ? {} : { cookie });

describe('apple_ids', () => {
  it('the operator sets the list on the configuration screen (set_config), which shows it back', async () => {
    expect((await admin.post('/api/admin/config/set_config', { apple_ids: ACCOUNTS })).code).toBe(0);
    const config = (await admin.post<AdminConfig>('/api/admin/config/get')).data;
    expect(config.values.apple_ids).toEqual(ACCOUNTS);
    expect(config.fields.find((f) => f.key === 'apple_ids')).toMatchObject({ group: '共享 Apple ID' });
  });

  it('the audit row of a save keeps the account names but never the passwords (also when only a password changes)', async () => {
    await app.settings.set({ apple_ids: [] });
    const changed = ACCOUNTS.map((a, i) => (i === 0 ? { ...a, password: 'Changed-Pass-3' } : a));
    expect((await admin.post('/api/admin/config/set_config', { apple_ids: ACCOUNTS })).code).toBe(0);
    expect((await admin.post('/api/admin/config/set_config', { apple_ids: changed })).code).toBe(0);
    const rows = await app.database.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE record_type = 'config' AND operator_id = $1 ORDER BY created_at, id`,
      [admin.id],
    );
    const saves = rows.slice(-2);
    expect(saves).toHaveLength(2);
    const listed = JSON.stringify((await admin.post('/api/admin/audit/list', {})).data);
    for (const text of [JSON.stringify(saves), listed]) {
      for (const password of ['Secret-Pass-1', 'Secret-Pass-2', 'Changed-Pass-3']) expect(text).not.toContain(password);
      expect(text).toContain(ACCOUNTS[0]!.account);
    }
    expect(saves[0]!.after).toMatchObject({
      apple_ids: [{ account: ACCOUNTS[0]!.account, password: SECRET_MASK }, { password: SECRET_MASK }],
    });
    // The screen still reads the passwords back, and paid users still receive them.
    expect((await admin.post<AdminConfig>('/api/admin/config/get')).data.values.apple_ids).toEqual(changed);
    const paid = await signedInUser(app, { paidUser: true });
    expect((await appleIds(paid.cookie)).result.data).toEqual(changed);
    await app.settings.set({ apple_ids: ACCOUNTS });
  });

  it.each([
    ['an account without a password', [{ account: 'a@b.c', region: '', note: '', status: '' }]],
    ['an unknown field', [{ ...ACCOUNTS[0], owner: 'x' }]],
    ['an empty account', [{ ...ACCOUNTS[0], account: '' }]],
    ['more than 50 accounts', Array.from({ length: 51 }, () => ACCOUNTS[0])],
  ])('set_config refuses %s (4001) and keeps the list', async (_name, value) => {
    expect((await admin.post('/api/admin/config/set_config', { apple_ids: value })).code).toBe(Codes.INVALID_PAYLOAD);
    expect((await admin.post<AdminConfig>('/api/admin/config/get')).data.values.apple_ids).toEqual(ACCOUNTS);
  });

  it('a paid user receives every account with its password, region, note and status', async () => {
    await app.settings.set({ apple_ids: ACCOUNTS });
    const paid = await signedInUser(app, { paidUser: true });
    const { status, result } = await appleIds(paid.cookie);
    expect(status).toBe(200);
    expect(result).toMatchObject({ code: 0, data: ACCOUNTS });
  });

  it('a free user is refused (1112 with the explanation) and the answer holds none of the data', async () => {
    await app.settings.set({ apple_ids: ACCOUNTS });
    const free = await signedInUser(app);
    const { status, result, response } = await appleIds(free.cookie);
    expect(status).toBe(200);
    expect(result).toEqual({ code: Codes.APPLE_ID_PAID_ONLY, data: {}, msg: appleIdMessages.paidOnly });
    const raw = Buffer.from(response.json<{ data: string }>().data, 'base64').toString('utf8') + response.body;
    for (const account of ACCOUNTS) {
      expect(raw).not.toContain(account.account);
      expect(raw).not.toContain(account.password);
    }
  });

  it('visitors and forged sessions get 1002 and none of the data', async () => {
    await app.settings.set({ apple_ids: ACCOUNTS });
    for (const cookie of [undefined, 'sid=forged-session']) {
      const { status, result, response } = await appleIds(cookie);
      expect(status).toBe(401);
      expect(result.code).toBe(Codes.SESSION_EXPIRED);
      expect(response.body).not.toContain(ACCOUNTS[0]!.account);
    }
  });

  it('decides on every request: an operator taking the paid flag away refuses the next call', async () => {
    await app.settings.set({ apple_ids: ACCOUNTS });
    const user = await signedInUser(app, { paidUser: true });
    expect((await appleIds(user.cookie)).result.code).toBe(0);
    await app.database.query('UPDATE users SET paid_user = false WHERE id = $1', [user.id]);
    expect((await appleIds(user.cookie)).result.code).toBe(Codes.APPLE_ID_PAID_ONLY);
  });

  it('an empty list is [] for a paid user', async () => {
    await app.settings.set({ apple_ids: [] });
    const paid = await signedInUser(app, { paidUser: true });
    expect((await appleIds(paid.cookie)).result).toMatchObject({ code: 0, data: [] });
  });
});
