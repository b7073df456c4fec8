// Issue 24 (smaller holes): the operator's user dialog wrote traffic as the absolute figure it was
// opened with, so a coupon the user redeemed meanwhile was lost on any save. The dialog now sends
// what it loaded: a save writes only what the operator changed, traffic as a change on what the
// user has now.
import { GiB, type AdminUser, type UserUpdate } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type Admin } from '../../../test/admin.js';
import { call, signedInUser } from '../../../test/api.js';
import { coupon } from '../../../test/money.js';

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => ({ app, admin } = await startAdminApp()));
afterAll(() => app.close());

async function adminUser(id: string): Promise<AdminUser> {
  const { code, data, msg } = await admin.post<AdminUser>('/api/admin/users/user', { uid: id });
  if (code !== 0) throw new Error(`users/user: ${code} ${msg}`);
  return data;
}

/** The dialog's payload as mf-admin's userToForm builds it: the figures and what it loaded. */
function dialogOf(user: AdminUser, changes: Partial<UserUpdate> = {}): UserUpdate {
  return {
    _id: user._id,
    disable: user.disable,
    scale: user.scale,
    paidUser: user.paidUser,
    is_agency: user.is_agency,
    traffic: user.traffic,
    vipExpireTime: user.vipExpireTime,
    specialDailyUnlimitTraffic: user.specialDailyUnlimitTraffic,
    dailyUnlimitTraffic: user.dailyUnlimitTraffic,
    normalPermission: user.normalPermission,
    canChangePassword: user.canChangePassword,
    canChangeDescribeKey: user.canChangeDescribeKey,
    forceReward: user.forceReward,
    loadedTraffic: user.traffic,
    loadedVipExpireTime: user.vipExpireTime,
    ...changes,
  };
}

/** A user with 2 GiB who redeems an 8 GiB coupon after the operator opened the dialog. */
async function openedThenRedeemed() {
  const user = await signedInUser(app);
  await app.database.query('UPDATE users SET traffic = $1 WHERE id = $2', [2 * GiB, user.id]);
  const opened = await adminUser(user.id);
  const { code } = await coupon(app, {
    type: 'freeUse',
    traffic: 8 * GiB,
    numberOfAuthorizations: 1,
    useNumPerUser: 1,
  });
  const redeemed = await call(app, '/api/coupon/redeem_coupon', { code }, { cookie: user.cookie });
  expect(redeemed.result.code).toBe(0);
  const now = (await adminUser(user.id)).traffic;
  expect(now).toBeGreaterThan(opened.traffic);
  return { user, opened, now };
}

describe('/api/admin/users/update_user after the user gained traffic', () => {
  it('saving an unrelated field keeps the traffic the user redeemed meanwhile, with no adjustment record', async () => {
    const { user, opened, now } = await openedThenRedeemed();
    expect((await admin.post('/api/admin/users/update_user', dialogOf(opened, { scale: 2 }))).code).toBe(0);
    expect(await adminUser(user.id)).toMatchObject({ traffic: now, scale: 2 });
    const adjusted = await app.database.query(
      "SELECT id FROM traffic_records WHERE user_id = $1 AND type = 'admin_adjust'",
      [user.id],
    );
    expect(adjusted).toHaveLength(0);
  });

  it("the operator's traffic change is applied as a change on what the user has now", async () => {
    const { user, opened, now } = await openedThenRedeemed();
    const save = dialogOf(opened, { traffic: opened.traffic + GiB });
    expect((await admin.post('/api/admin/users/update_user', save)).code).toBe(0);
    expect((await adminUser(user.id)).traffic).toBe(now + GiB);
    // Taking more than the user has leaves zero, never less.
    const again = await adminUser(user.id);
    await admin.post(
      '/api/admin/users/update_user',
      dialogOf(again, { traffic: 0, loadedTraffic: again.traffic + GiB }),
    );
    expect((await adminUser(user.id)).traffic).toBe(0);
  });
});
