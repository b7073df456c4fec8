import {
  Codes,
  cookieNames,
  type SecondFactorEnrolment,
  type SecondFactorRecoveryCodes,
  type StaffList,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointStaff, call, createUser, login, outboxFor, sessionCookie, signedInUser } from '../../../test/api.js';
import { auditOf, comboUpdate, couponInput } from '../../../test/admin.js';
import { buildTestApp, TEST_ADMIN } from '../../../test/build-test-app.js';
import { sha256Hex } from '../../lib/random.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ env: { LOGIN_RATE_MAX: '6' } });
});

afterAll(async () => {
  await app.close();
});

const PASSWORD = 'staff-password-1';
let counter = 0;

/** A staff member (admin role) with a password, signed in without a factor. */
async function staffMember(type: 'admin' | 'yunying' = 'admin') {
  counter += 1;
  const email = `staff-${counter}@example.com`;
  const id = await createUser(app, { email, password: PASSWORD, type });
  const cookie = await login(app, email, PASSWORD);
  return { id, email, cookie };
}

/** The code of the time step `offset` periods from now (each step is accepted once). */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** Lets the next code of the same window be used again (tests make several checks in one 30 s window). */
const forgetSteps = (userId: string) =>
  app.database.query('UPDATE second_factors SET last_time_step = 0 WHERE user_id = $1', [userId]);

async function enrol(cookie: string, userId: string) {
  const start = await call<SecondFactorEnrolment>(app, '/api/second_factor/enrol_start', {}, { cookie });
  expect(start.result.code).toBe(0);
  const { secret } = start.result.data;
  const confirm = await call<SecondFactorRecoveryCodes>(
    app,
    '/api/second_factor/enrol_confirm',
    { code: await codeAt(secret) },
    { cookie },
  );
  expect(confirm.result.code).toBe(0);
  await forgetSteps(userId);
  return { secret, recoveryCodes: confirm.result.data.recoveryCodes, start: start.result.data };
}

async function passwordStep(email: string) {
  return call<{ ticket: string; expiresIn: number }>(app, '/api/user/login', { email, password: PASSWORD });
}

describe('the staff screen', () => {
  it('shows each member’s second factor: none, then 验证器 (totp) once enrolled', async () => {
    const member = await staffMember('admin');
    const factorOf = async () =>
      (await call<StaffList>(app, '/api/admin/staff/list', {}, { cookie: member.cookie })).result.data.members.find(
        (m) => m.user_id === member.id,
      )?.secondFactor;
    expect(await factorOf()).toBe('none');
    await enrol(member.cookie, member.id);
    expect(await factorOf()).toBe('totp');
  });
});

describe('enrolment', () => {
  it('gives an otpauth URI (issuer 云梯加速, the e-mail) and a QR, activates on a valid code, and shows ten recovery codes once', async () => {
    const staff = await staffMember();
    const before = await call(app, '/api/second_factor/status', {}, { cookie: staff.cookie });
    expect(before.result.data).toMatchObject({ staff: true, enabled: false, recoveryLeft: 0 });

    const start = await call<SecondFactorEnrolment>(
      app,
      '/api/second_factor/enrol_start',
      {},
      { cookie: staff.cookie },
    );
    const { secret, uri, qr } = start.result.data;
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    expect(decodeURIComponent(uri)).toContain('云梯加速');
    expect(decodeURIComponent(uri)).toContain(staff.email);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr.startsWith('data:image/png;base64,')).toBe(true);

    // Pending is not active: a wrong code does not activate it.
    const wrongCode = (Number(await codeAt(secret)) + 1) % 1_000_000;
    const refused = await call(
      app,
      '/api/second_factor/enrol_confirm',
      { code: String(wrongCode).padStart(6, '0') },
      { cookie: staff.cookie },
    );
    expect(refused.result.code).toBe(Codes.SECOND_FACTOR_WRONG);
    expect((await call(app, '/api/second_factor/status', {}, { cookie: staff.cookie })).result.data).toMatchObject({
      enabled: false,
    });

    const confirm = await call<SecondFactorRecoveryCodes>(
      app,
      '/api/second_factor/enrol_confirm',
      { code: await codeAt(secret) },
      { cookie: staff.cookie },
    );
    expect(confirm.result.code).toBe(0);
    const codes = confirm.result.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // Only hashes are stored.
    const stored = await app.database.query<{ code_hash: string }>(
      'SELECT code_hash FROM second_factor_recovery_codes WHERE user_id = $1',
      [staff.id],
    );
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replaceAll('-', ''));
    expect((await call(app, '/api/second_factor/status', {}, { cookie: staff.cookie })).result.data).toMatchObject({
      enabled: true,
      recoveryLeft: 10,
    });
    expect((await outboxFor(app, staff.email)).map((m) => m.subject).join()).toContain('两步验证已开启');
  });

  it('is for staff only', async () => {
    const user = await signedInUser(app);
    expect((await call(app, '/api/second_factor/enrol_start', {}, { cookie: user.cookie })).result.code).toBe(
      Codes.FORBIDDEN,
    );
    expect((await call(app, '/api/second_factor/status', {}, { cookie: user.cookie })).result.data).toMatchObject({
      staff: false,
    });
  });

  it('a new secret while one is active needs the current code: a stolen session cannot swap the factor', async () => {
    const staff = await staffMember();
    const { secret } = await enrol(staff.cookie, staff.id);
    expect((await call(app, '/api/second_factor/enrol_start', {}, { cookie: staff.cookie })).result.code).toBe(
      Codes.SECOND_FACTOR_WRONG,
    );
    const swap = await call<SecondFactorEnrolment>(
      app,
      '/api/second_factor/enrol_start',
      { code: await codeAt(secret) },
      { cookie: staff.cookie },
    );
    expect(swap.result.code).toBe(0);
    // The old factor stays until the new one is confirmed.
    const stored = await app.database.query<{ totp_secret: string; pending_secret: string }>(
      'SELECT totp_secret, pending_secret FROM second_factors WHERE user_id = $1',
      [staff.id],
    );
    expect(stored[0]).toMatchObject({ totp_secret: secret, pending_secret: swap.result.data.secret });
  });
});

describe('login with a second factor', () => {
  it('answers 1130 with a ticket after the right password and makes no session; a valid code then signs in', async () => {
    const staff = await staffMember();
    const { secret } = await enrol(staff.cookie, staff.id);
    const first = await passwordStep(staff.email);
    expect(first.result.code).toBe(Codes.SECOND_FACTOR_NEEDED);
    expect(first.result.msg).toBe('请输入两步验证码');
    expect(first.result.data.expiresIn).toBe(300);
    expect(first.response.cookies.find((c) => c.name === cookieNames.session)).toBeUndefined();
    const sessionsBefore = await app.database.query('SELECT id FROM sessions WHERE user_id = $1', [staff.id]);

    const second = await call(app, '/api/user/login_second_factor', {
      ticket: first.result.data.ticket,
      code: await codeAt(secret),
    });
    expect(second.result.code).toBe(0);
    const cookie = sessionCookie(second.response);
    expect((await call(app, '/api/user/userinfo', {}, { cookie })).result.code).toBe(0);
    const sessionsAfter = await app.database.query<{ factor_checked_at: Date | null }>(
      'SELECT factor_checked_at FROM sessions WHERE id = $1',
      [sha256Hex(cookie.slice('sid='.length))],
    );
    expect(sessionsAfter[0]?.factor_checked_at).not.toBeNull();
    expect(sessionsBefore.length).toBeGreaterThan(0);
    // The ticket is used up.
    await forgetSteps(staff.id);
    const again = await call(app, '/api/user/login_second_factor', {
      ticket: first.result.data.ticket,
      code: await codeAt(secret),
    });
    expect(again.result.code).toBe(Codes.SECOND_FACTOR_TICKET_EXPIRED);
  });

  it('refuses a wrong code (no session), and a code already used in its window (replay)', async () => {
    const staff = await staffMember();
    const { secret } = await enrol(staff.cookie, staff.id);
    const { ticket } = (await passwordStep(staff.email)).result.data;
    const wrongCode = String((Number(await codeAt(secret)) + 7) % 1_000_000).padStart(6, '0');
    const wrong = await call(app, '/api/user/login_second_factor', { ticket, code: wrongCode });
    expect(wrong.result.code).toBe(Codes.SECOND_FACTOR_WRONG);
    expect(wrong.response.cookies.find((c) => c.name === cookieNames.session)).toBeUndefined();

    const code = await codeAt(secret);
    expect((await call(app, '/api/user/login_second_factor', { ticket, code })).result.code).toBe(0);
    const { ticket: ticket2 } = (await passwordStep(staff.email)).result.data;
    const replay = await call(app, '/api/user/login_second_factor', { ticket: ticket2, code });
    expect(replay.result.code).toBe(Codes.SECOND_FACTOR_WRONG);
    // An earlier step than the one used is refused too.
    expect(
      (await call(app, '/api/user/login_second_factor', { ticket: ticket2, code: await codeAt(secret, -1) })).result
        .code,
    ).toBe(Codes.SECOND_FACTOR_WRONG);
  });

  it('takes a recovery code once (any case, with or without dashes)', async () => {
    const staff = await staffMember();
    const { recoveryCodes } = await enrol(staff.cookie, staff.id);
    const recovery = recoveryCodes[3]!;
    const { ticket } = (await passwordStep(staff.email)).result.data;
    const ok = await call(app, '/api/user/login_second_factor', {
      ticket,
      code: recovery.replaceAll('-', '').toLowerCase(),
    });
    expect(ok.result.code).toBe(0);
    const { ticket: ticket2 } = (await passwordStep(staff.email)).result.data;
    expect((await call(app, '/api/user/login_second_factor', { ticket: ticket2, code: recovery })).result.code).toBe(
      Codes.SECOND_FACTOR_WRONG,
    );
    expect(
      (await call(app, '/api/second_factor/status', {}, { cookie: sessionCookie(ok.response) })).result.data,
    ).toMatchObject({
      recoveryLeft: 9,
    });
  });

  it('refuses extra fields in the second step (4001), and nothing is used up', async () => {
    const staff = await staffMember();
    const { secret } = await enrol(staff.cookie, staff.id);
    const { ticket } = (await passwordStep(staff.email)).result.data;
    const code = await codeAt(secret);
    const extra = await call(app, '/api/user/login_second_factor', { ticket, code, userId: 'someone-else' });
    expect(extra.result.code).toBe(Codes.INVALID_PAYLOAD);
    expect((await call(app, '/api/user/login_second_factor', { ticket, code })).result.code).toBe(0);
  });

  it('a ticket older than 5 minutes is refused', async () => {
    const staff = await staffMember();
    const { secret } = await enrol(staff.cookie, staff.id);
    const { ticket } = (await passwordStep(staff.email)).result.data;
    await app.database.query(
      "UPDATE second_factor_challenges SET expires_at = now() - interval '1 second' WHERE id = $1",
      [sha256Hex(ticket)],
    );
    const late = await call(app, '/api/user/login_second_factor', { ticket, code: await codeAt(secret) });
    expect(late.result.code).toBe(Codes.SECOND_FACTOR_TICKET_EXPIRED);
  });

  it('wrong codes are limited like passwords: after the limit even the right code is refused (4029)', async () => {
    const staff = await staffMember();
    const { secret } = await enrol(staff.cookie, staff.id);
    const { ticket } = (await passwordStep(staff.email)).result.data;
    const wrongCode = String((Number(await codeAt(secret)) + 11) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 6; i += 1) {
      expect((await call(app, '/api/user/login_second_factor', { ticket, code: wrongCode })).result.code).toBe(
        Codes.SECOND_FACTOR_WRONG,
      );
    }
    const limited = await call(app, '/api/user/login_second_factor', { ticket, code: await codeAt(secret) });
    expect(limited.result.code).toBe(Codes.RATE_LIMITED);
    // New tickets of the same account share the limit.
    const { ticket: fresh } = (await passwordStep(staff.email)).result.data;
    expect(
      (await call(app, '/api/user/login_second_factor', { ticket: fresh, code: await codeAt(secret) })).result.code,
    ).toBe(Codes.RATE_LIMITED);
  });

  it('an account without a factor signs in with the password alone', async () => {
    const staff = await staffMember();
    expect((await passwordStep(staff.email)).result.code).toBe(0);
  });
});

describe('the required setting', () => {
  it('refuses a staff member without a factor on operator routes, lets them enrol and read userinfo, then lets them in', async () => {
    const owner = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
    const staff = await staffMember();
    expect((await call(app, '/api/admin/config/get', {}, { cookie: staff.cookie })).result.code).toBe(0);
    const set = await call(
      app,
      '/api/admin/config/set_config',
      { staff_second_factor_required: true },
      { cookie: owner },
    );
    expect(set.result.code).toBe(0);
    try {
      expect((await call(app, '/api/admin/config/get', {}, { cookie: staff.cookie })).result.code).toBe(
        Codes.SECOND_FACTOR_REQUIRED,
      );
      expect((await call(app, '/api/user/userinfo', {}, { cookie: staff.cookie })).result.code).toBe(0);
      expect((await call(app, '/api/second_factor/status', {}, { cookie: staff.cookie })).result.data).toMatchObject({
        required: true,
      });
      // A normal user is not concerned.
      const user = await signedInUser(app);
      expect((await call(app, '/api/user/userinfo', {}, { cookie: user.cookie })).result.code).toBe(0);
      await enrol(staff.cookie, staff.id);
      expect((await call(app, '/api/admin/config/get', {}, { cookie: staff.cookie })).result.code).toBe(0);
    } finally {
      await app.database.query("DELETE FROM settings WHERE key = 'staff_second_factor_required'");
    }
  });
});

describe('step-up', () => {
  it('refuses a withdrawal settlement and a settings change when the last check is older than 10 minutes; verify refreshes it', async () => {
    const staff = await staffMember();
    const { secret } = await enrol(staff.cookie, staff.id);
    const sessionId = sha256Hex(staff.cookie.slice('sid='.length));
    // Just enrolled on this session: fresh.
    expect(
      (await call(app, '/api/admin/config/set_config', { notice_title: 'a' }, { cookie: staff.cookie })).result.code,
    ).toBe(0);

    await app.database.query("UPDATE sessions SET factor_checked_at = now() - interval '11 minutes' WHERE id = $1", [
      sessionId,
    ]);
    const refused = await call(app, '/api/admin/config/set_config', { notice_title: 'b' }, { cookie: staff.cookie });
    expect(refused.result.code).toBe(Codes.STEP_UP_REQUIRED);
    const settle = await call(
      app,
      '/api/admin/charge/checkout_charge',
      { charge_id: 'nope', txid: 'x' },
      { cookie: staff.cookie },
    );
    expect(settle.result.code).toBe(Codes.STEP_UP_REQUIRED);
    // Appointing staff too; nothing is appointed.
    const appoint = await call(
      app,
      '/api/admin/staff/appoint',
      { email: TEST_ADMIN.email, role: 'yunying' },
      { cookie: staff.cookie },
    );
    expect(appoint.result.code).toBe(Codes.STEP_UP_REQUIRED);
    // Reading is not a step-up call.
    expect((await call(app, '/api/admin/config/get', {}, { cookie: staff.cookie })).result.code).toBe(0);

    const wrongCode = String((Number(await codeAt(secret)) + 3) % 1_000_000).padStart(6, '0');
    expect(
      (await call(app, '/api/second_factor/verify', { code: wrongCode }, { cookie: staff.cookie })).result.code,
    ).toBe(Codes.SECOND_FACTOR_WRONG);
    expect(
      (await call(app, '/api/admin/config/set_config', { notice_title: 'b' }, { cookie: staff.cookie })).result.code,
    ).toBe(Codes.STEP_UP_REQUIRED);
    expect(
      (await call(app, '/api/second_factor/verify', { code: await codeAt(secret) }, { cookie: staff.cookie })).result
        .code,
    ).toBe(0);
    expect(
      (await call(app, '/api/admin/config/set_config', { notice_title: 'b' }, { cookie: staff.cookie })).result.code,
    ).toBe(0);
    expect(
      (await call(app, '/api/admin/charge/checkout_charge', { charge_id: 'nope', txid: 'x' }, { cookie: staff.cookie }))
        .result.code,
    ).not.toBe(Codes.STEP_UP_REQUIRED);
  });

  it("a stale check cannot take over a user's account (password, balances, key, sessions) nor credit buyers (coupons, products, prizes): a fresh one is needed (1133), nothing changes", async () => {
    const staff = await staffMember();
    const { secret } = await enrol(staff.cookie, staff.id);
    const victim = await signedInUser(app);
    const [before] = await app.database.query<{ userkey: string; password_hash: string }>(
      'SELECT userkey, password_hash FROM users WHERE id = $1',
      [victim.id],
    );
    await app.database.query("UPDATE sessions SET factor_checked_at = now() - interval '11 minutes' WHERE id = $1", [
      sha256Hex(staff.cookie.slice('sid='.length)),
    ]);
    const attempts: Array<[string, object]> = [
      ['/api/admin/users/change_password', { email: victim.email, password: 'taken-over-password-1' }],
      ['/api/admin/users/reset_userkey', { uid: victim.id }],
      ['/api/admin/users/end_sessions', { uid: victim.id }],
      [
        '/api/admin/users/update_channel',
        { user_id: victim.id, code: 'TAKEN1', name: 'x', rewardRate: 0.5, comsumerDuration: 0 },
      ],
      ['/api/admin/agents/rotate_secret', { id: 'nope' }],
      ['/api/yunying/coupon/update_coupon', couponInput({ name: '全免', code: 'FREE100' })],
      ['/api/yunying/coupon/restore_record', { id: 'a'.repeat(24) }],
      ['/api/admin/combo/update_combo', comboUpdate({ name: '一分钱年包', price: 0.01, vipDuration: 365 })],
      [
        '/api/yunying/prize/update',
        {
          name: '百年会员',
          gainTraffic: 0,
          gainVipTime: 36500,
          weight: 1000000,
          desc: '',
          hasDiscountCoupon: false,
          discountValue: 1,
          discountDuration: 1,
          photoUrl: '',
        },
      ],
      ['/api/yunying/prize/delete', { id: 'a'.repeat(24) }],
    ];
    for (const [url, payload] of attempts) {
      expect((await call(app, url, payload, { cookie: staff.cookie })).result.code, url).toBe(Codes.STEP_UP_REQUIRED);
    }
    const [after] = await app.database.query<{ userkey: string; password_hash: string }>(
      'SELECT userkey, password_hash FROM users WHERE id = $1',
      [victim.id],
    );
    expect(after).toEqual(before);
    expect((await call(app, '/api/user/userinfo', {}, { cookie: victim.cookie })).result.code).toBe(0);
    expect(await app.database.query("SELECT 1 FROM coupons WHERE code = 'FREE100'")).toHaveLength(0);
    expect(await app.database.query("SELECT 1 FROM combos WHERE name = '一分钱年包'")).toHaveLength(0);
    expect(await app.database.query("SELECT 1 FROM prizes WHERE name = '百年会员'")).toHaveLength(0);

    await call(app, '/api/second_factor/verify', { code: await codeAt(secret) }, { cookie: staff.cookie });
    const changed = await call(
      app,
      '/api/admin/users/change_password',
      { email: victim.email, password: 'changed-by-staff-1' },
      { cookie: staff.cookie },
    );
    expect(changed.result.code, changed.result.msg).toBe(0);
  });

  it('does not concern staff without a factor while the setting is off', async () => {
    const staff = await staffMember();
    expect(
      (await call(app, '/api/admin/config/set_config', { notice_title: 'c' }, { cookie: staff.cookie })).result.code,
    ).toBe(0);
  });
});

describe('removing and resetting a factor', () => {
  it('removal needs a current code (or a recovery code) and is mailed', async () => {
    const staff = await staffMember();
    const { secret, recoveryCodes } = await enrol(staff.cookie, staff.id);
    const wrongCode = String((Number(await codeAt(secret)) + 5) % 1_000_000).padStart(6, '0');
    expect(
      (await call(app, '/api/second_factor/remove', { code: wrongCode }, { cookie: staff.cookie })).result.code,
    ).toBe(Codes.SECOND_FACTOR_WRONG);
    expect((await call(app, '/api/second_factor/status', {}, { cookie: staff.cookie })).result.data).toMatchObject({
      enabled: true,
    });
    expect(
      (await call(app, '/api/second_factor/remove', { code: recoveryCodes[0]! }, { cookie: staff.cookie })).result.code,
    ).toBe(0);
    expect((await call(app, '/api/second_factor/status', {}, { cookie: staff.cookie })).result.data).toMatchObject({
      enabled: false,
      recoveryLeft: 0,
    });
    expect((await outboxFor(app, staff.email)).map((m) => m.subject).join()).toContain('两步验证已关闭');
    expect((await passwordStep(staff.email)).result.code).toBe(0);
  });

  it("an admin with staff.edit resets another staff member's factor (audited, mailed), never the owner's nor their own", async () => {
    const owner = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
    const [ownerRow] = await app.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      TEST_ADMIN.email,
    ]);
    await app.database.query(
      `INSERT INTO settings (key, value) VALUES ('admin_id', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify(TEST_ADMIN.email)],
    );
    await enrol(owner, ownerRow!.id);
    const admin = await staffMember();
    const member = await staffMember('yunying');
    await enrol(member.cookie, member.id);

    const ownerReset = await call(
      app,
      '/api/admin/second_factor/reset',
      { userId: ownerRow!.id },
      { cookie: admin.cookie },
    );
    expect(ownerReset.result.code).toBe(Codes.NOT_ALLOWED);
    expect(
      (
        await app.database.query('SELECT 1 FROM second_factors WHERE user_id = $1 AND totp_secret IS NOT NULL', [
          ownerRow!.id,
        ])
      ).length,
    ).toBe(1);
    const self = await call(app, '/api/admin/second_factor/reset', { userId: admin.id }, { cookie: admin.cookie });
    expect(self.result.code).toBe(Codes.NOT_ALLOWED);
    // Operations staff lack staff.edit.
    const byMember = await call(app, '/api/admin/second_factor/reset', { userId: admin.id }, { cookie: member.cookie });
    expect(byMember.result.code).toBe(Codes.FORBIDDEN);

    const reset = await call(app, '/api/admin/second_factor/reset', { userId: member.id }, { cookie: admin.cookie });
    expect(reset.result).toMatchObject({ code: 0, data: { reset: true } });
    expect((await call(app, '/api/second_factor/status', {}, { cookie: member.cookie })).result.data).toMatchObject({
      enabled: false,
    });
    expect((await outboxFor(app, member.email)).map((m) => m.subject).join()).toContain('两步验证已被管理员重置');
    const audit = await auditOf(app, 'second_factor', member.id);
    expect(audit).toMatchObject([{ operator_id: admin.id, detail: '重置两步验证', after: { reset: true } }]);
  });

  it('a role with staff.edit but less than the target holds cannot reset their factor (4003), as it cannot remove them', async () => {
    await app.database.query(
      `INSERT INTO staff_roles (id, name, permissions) VALUES ('r-hr', '人事', '["staff.read","staff.edit"]'::jsonb), ('r-view', '查看', '["staff.read"]'::jsonb)`,
    );
    counter += 1;
    const hrEmail = `hr-${counter}@example.com`;
    const hrId = await createUser(app, { email: hrEmail, password: PASSWORD });
    await appointStaff(app, hrId, 'r-hr');
    const hr = await login(app, hrEmail, PASSWORD);
    const admin = await staffMember();
    await enrol(admin.cookie, admin.id);
    const viewer = await staffMember();
    await appointStaff(app, viewer.id, 'r-view');
    await enrol(viewer.cookie, viewer.id);
    const factorOf = async (userId: string) =>
      (
        await app.database.query('SELECT 1 FROM second_factors WHERE user_id = $1 AND totp_secret IS NOT NULL', [
          userId,
        ])
      ).length;

    expect((await call(app, '/api/admin/staff/remove', { user_id: admin.id }, { cookie: hr })).result.code).toBe(
      Codes.FORBIDDEN,
    );
    const refused = await call(app, '/api/admin/second_factor/reset', { userId: admin.id }, { cookie: hr });
    expect(refused.result.code).toBe(Codes.FORBIDDEN);
    expect(await factorOf(admin.id)).toBe(1);
    expect((await passwordStep(admin.email)).result.code).toBe(Codes.SECOND_FACTOR_NEEDED);
    expect(await auditOf(app, 'second_factor', admin.id)).toEqual([]);

    // Someone who holds nothing the caller lacks: reset.
    const reset = await call(app, '/api/admin/second_factor/reset', { userId: viewer.id }, { cookie: hr });
    expect(reset.result).toMatchObject({ code: 0, data: { reset: true } });
    expect(await factorOf(viewer.id)).toBe(0);
  });
});
