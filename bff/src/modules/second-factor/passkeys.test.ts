// Passkeys (WebAuthn) as a staff second factor (issue 25, docs/second-factor.md), with a software
// authenticator (test/webauthn.ts) answering the server's options as a browser would.
import {
  Codes,
  cookieNames,
  type PasskeyAdded,
  type PasskeyOptions,
  type SecondFactorEnrolment,
  type SecondFactorRecoveryCodes,
  type SecondFactorStatus,
} from '@portal/contracts';
import { generate } from 'otplib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, login, outboxFor, sessionCookie } from '../../../test/api.js';
import { buildTestApp, TEST_ADMIN } from '../../../test/build-test-app.js';
import { SoftPasskey } from '../../../test/webauthn.js';
import { sha256Hex } from '../../lib/random.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ env: { LOGIN_RATE_MAX: '6' } });
});

afterAll(async () => {
  await app.close();
});

/** The page the test's browser is on: the address inject() calls (no Origin header: the request's own). */
const ORIGIN = 'http://localhost:80';
const PASSWORD = 'staff-password-1';
let counter = 0;

async function staffMember() {
  counter += 1;
  const email = `passkey-staff-${counter}@example.com`;
  const id = await createUser(app, { email, password: PASSWORD, type: 'admin' });
  const cookie = await login(app, email, PASSWORD);
  return { id, email, cookie };
}

const status = async (cookie: string) =>
  (await call<SecondFactorStatus>(app, '/api/second_factor/status', {}, { cookie })).result.data;

async function registrationOptions(cookie: string) {
  const options = await call<PasskeyOptions>(app, '/api/second_factor/passkey_register_options', {}, { cookie });
  expect(options.result.code, options.result.msg).toBe(0);
  return options.result.data.optionsJSON;
}

const register = (cookie: string, name: string, response: unknown) =>
  call<PasskeyAdded>(app, '/api/second_factor/passkey_register', { name, response }, { cookie });

/** Registers a new software passkey on the signed-in session. */
async function addPasskey(cookie: string, name = '办公室电脑') {
  const key = new SoftPasskey(ORIGIN);
  const options = await registrationOptions(cookie);
  const added = await register(cookie, name, key.register(options));
  expect(added.result.code, added.result.msg).toBe(0);
  return { key, passkey: added.result.data, options };
}

/** Enrols an authenticator app (TOTP) on the signed-in session: its secret and recovery codes. */
async function enrolTotp(cookie: string) {
  const start = await call<SecondFactorEnrolment>(app, '/api/second_factor/enrol_start', {}, { cookie });
  const { secret } = start.result.data;
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  const confirmed = await call<SecondFactorRecoveryCodes>(
    app,
    '/api/second_factor/enrol_confirm',
    { code },
    { cookie },
  );
  expect(confirmed.result.code, confirmed.result.msg).toBe(0);
  return { secret, recoveryCodes: confirmed.result.data.recoveryCodes };
}

async function ticketOf(email: string) {
  const first = await call<{ ticket: string; totp: boolean; passkeys: boolean }>(app, '/api/user/login', {
    email,
    password: PASSWORD,
  });
  expect(first.result.code).toBe(Codes.SECOND_FACTOR_NEEDED);
  return first.result.data;
}

async function loginOptions(ticket: string) {
  const options = await call<PasskeyOptions>(app, '/api/user/login_passkey_options', { ticket });
  expect(options.result.code, options.result.msg).toBe(0);
  return options.result.data.optionsJSON;
}

const sessionIdOf = (cookie: string) => sha256Hex(cookie.slice(`${cookieNames.session}=`.length));
const staleCheck = (cookie: string) =>
  app.database.query("UPDATE sessions SET factor_checked_at = now() - interval '11 minutes' WHERE id = $1", [
    sessionIdOf(cookie),
  ]);

async function stepUpOptions(cookie: string) {
  const options = await call<PasskeyOptions>(app, '/api/second_factor/passkey_options', {}, { cookie });
  expect(options.result.code, options.result.msg).toBe(0);
  return options.result.data.optionsJSON;
}

describe('registering a passkey', () => {
  it('gives options for 云梯加速 on this host, stores the credential, lists it by name and mails the staff member', async () => {
    const staff = await staffMember();
    expect(await status(staff.cookie)).toMatchObject({ enabled: false, active: false, passkeys: [] });
    const { key, passkey, options } = await addPasskey(staff.cookie);
    const json = options as { rp: { id: string; name: string }; user: { name: string } };
    expect(json.rp).toEqual({ id: 'localhost', name: '云梯加速' });
    expect(json.user.name).toBe(staff.email);
    expect(passkey).toMatchObject({ name: '办公室电脑', lastUsedAt: null });
    const stored = await app.database.query<{ credential_id: string; counter: string | number }>(
      'SELECT credential_id, counter FROM passkeys WHERE user_id = $1',
      [staff.id],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.credential_id).toBe(key.id);

    const after = await status(staff.cookie);
    expect(after).toMatchObject({ enabled: false, active: true });
    expect(after.passkeys.map((p) => p.name)).toEqual(['办公室电脑']);
    expect((await outboxFor(app, staff.email)).map((m) => m.subject).join()).toContain('已添加通行密钥');

    // The same registration answer a second time: its challenge is used up.
    const again = await register(staff.cookie, '再来一次', key.register(options));
    expect(again.result.code).toBe(Codes.SECOND_FACTOR_WRONG);
  });

  it('refuses an answer made on another site (its origin)', async () => {
    const staff = await staffMember();
    const key = new SoftPasskey('https://phish.example');
    const refused = await register(staff.cookie, '钓鱼', key.register(await registrationOptions(staff.cookie)));
    expect(refused.result.code).toBe(Codes.SECOND_FACTOR_WRONG);
    expect((await status(staff.cookie)).passkeys).toEqual([]);
  });
});

describe('login with a passkey after the password', () => {
  it('answers 1130 saying passkeys exist; the passkey answer makes a checked session; the ticket is used once', async () => {
    const staff = await staffMember();
    const { key } = await addPasskey(staff.cookie);
    const first = await ticketOf(staff.email);
    expect(first).toMatchObject({ totp: false, passkeys: true });

    const options = await loginOptions(first.ticket);
    expect((options as { allowCredentials: Array<{ id: string }> }).allowCredentials.map((c) => c.id)).toEqual([
      key.id,
    ]);
    const answer = key.assert(options);
    const signedIn = await call(app, '/api/user/login_passkey', { ticket: first.ticket, response: answer });
    expect(signedIn.result.code, signedIn.result.msg).toBe(0);
    const cookie = sessionCookie(signedIn.response);
    expect((await call(app, '/api/user/userinfo', {}, { cookie })).result.code).toBe(0);
    const [session] = await app.database.query<{ factor_checked_at: Date | null }>(
      'SELECT factor_checked_at FROM sessions WHERE id = $1',
      [sessionIdOf(cookie)],
    );
    expect(session?.factor_checked_at).not.toBeNull();
    expect((await status(cookie)).passkeys[0]?.lastUsedAt).not.toBeNull();

    // The same answer again: the ticket is gone.
    const replay = await call(app, '/api/user/login_passkey', { ticket: first.ticket, response: answer });
    expect(replay.result.code).toBe(Codes.SECOND_FACTOR_TICKET_EXPIRED);
  });

  it('refuses a replayed answer on a new ticket, and a counter that did not grow', async () => {
    const staff = await staffMember();
    const { key } = await addPasskey(staff.cookie);
    const first = await ticketOf(staff.email);
    const answer = key.assert(await loginOptions(first.ticket));
    expect((await call(app, '/api/user/login_passkey', { ticket: first.ticket, response: answer })).result.code).toBe(
      0,
    );

    // An old answer (another challenge) on a fresh ticket.
    const second = await ticketOf(staff.email);
    await loginOptions(second.ticket);
    const replay = await call(app, '/api/user/login_passkey', { ticket: second.ticket, response: answer });
    expect(replay.result.code).toBe(Codes.SECOND_FACTOR_WRONG);
    expect(replay.response.cookies.find((c) => c.name === cookieNames.session)).toBeUndefined();

    // A correct signature over the new challenge with the counter already seen (a cloned key).
    const cloned = key.assert(await loginOptions(second.ticket), { counter: 1 });
    expect((await call(app, '/api/user/login_passkey', { ticket: second.ticket, response: cloned })).result.code).toBe(
      Codes.SECOND_FACTOR_WRONG,
    );
    // The ticket still stands: a good answer signs in.
    const good = key.assert(await loginOptions(second.ticket));
    expect((await call(app, '/api/user/login_passkey', { ticket: second.ticket, response: good })).result.code).toBe(0);
  });

  it('refuses extra fields in both calls (4001), and nothing is used up', async () => {
    const staff = await staffMember();
    const { key } = await addPasskey(staff.cookie);
    const { ticket } = await ticketOf(staff.email);
    const extraOptions = await call(app, '/api/user/login_passkey_options', { ticket, userId: 'someone-else' });
    expect(extraOptions.result.code).toBe(Codes.INVALID_PAYLOAD);
    const answer = key.assert(await loginOptions(ticket));
    const extra = await call(app, '/api/user/login_passkey', { ticket, response: answer, userId: 'someone-else' });
    expect(extra.result.code).toBe(Codes.INVALID_PAYLOAD);
    expect((await call(app, '/api/user/login_passkey', { ticket, response: answer })).result.code).toBe(0);
  });

  it("refuses another user's credential for the ticket's account", async () => {
    const owner = await staffMember();
    const other = await staffMember();
    await addPasskey(owner.cookie);
    const { key: othersKey } = await addPasskey(other.cookie);
    const { ticket } = await ticketOf(owner.email);
    const answer = othersKey.assert(await loginOptions(ticket));
    const refused = await call(app, '/api/user/login_passkey', { ticket, response: answer });
    expect(refused.result.code).toBe(Codes.SECOND_FACTOR_WRONG);
    expect(refused.response.cookies.find((c) => c.name === cookieNames.session)).toBeUndefined();
  });

  it('refuses an answer signed for another RP id or made on another origin', async () => {
    const staff = await staffMember();
    const { key } = await addPasskey(staff.cookie);
    const { ticket } = await ticketOf(staff.email);
    const otherRp = key.assert(await loginOptions(ticket), { rpId: 'phish.example' });
    expect((await call(app, '/api/user/login_passkey', { ticket, response: otherRp })).result.code).toBe(
      Codes.SECOND_FACTOR_WRONG,
    );
    const otherOrigin = key.assert(await loginOptions(ticket), { origin: 'https://phish.example' });
    expect((await call(app, '/api/user/login_passkey', { ticket, response: otherOrigin })).result.code).toBe(
      Codes.SECOND_FACTOR_WRONG,
    );
  });

  it('an expired challenge is refused', async () => {
    const staff = await staffMember();
    const { key } = await addPasskey(staff.cookie);
    const { ticket } = await ticketOf(staff.email);
    const options = await loginOptions(ticket);
    await app.database.query(
      "UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1",
      [(options as { challenge: string }).challenge],
    );
    const late = await call(app, '/api/user/login_passkey', { ticket, response: key.assert(options) });
    expect(late.result.code).toBe(Codes.SECOND_FACTOR_WRONG);
  });

  it('failed answers count in the failure limit of wrong codes (then 4029, even for a good answer)', async () => {
    const staff = await staffMember();
    const { key } = await addPasskey(staff.cookie);
    const stranger = new SoftPasskey(ORIGIN);
    const { ticket } = await ticketOf(staff.email);
    for (let i = 0; i < 6; i += 1) {
      const answer = stranger.assert(await loginOptions(ticket));
      expect((await call(app, '/api/user/login_passkey', { ticket, response: answer })).result.code).toBe(
        Codes.SECOND_FACTOR_WRONG,
      );
    }
    const limited = await call(app, '/api/user/login_passkey', {
      ticket,
      response: key.assert({ challenge: 'AAAA', rpId: 'localhost' }),
    });
    expect(limited.result.code).toBe(Codes.RATE_LIMITED);
  });
});

describe('step-up and changes with a passkey', () => {
  it('a staff member with only passkeys is asked again after 10 minutes; a passkey answer refreshes the check, once', async () => {
    const staff = await staffMember();
    const { key } = await addPasskey(staff.cookie);
    // Just registered on this session: fresh.
    expect(
      (await call(app, '/api/admin/config/set_config', { notice_title: 'p1' }, { cookie: staff.cookie })).result.code,
    ).toBe(0);
    await staleCheck(staff.cookie);
    expect(
      (await call(app, '/api/admin/config/set_config', { notice_title: 'p2' }, { cookie: staff.cookie })).result.code,
    ).toBe(Codes.STEP_UP_REQUIRED);

    const answer = key.assert(await stepUpOptions(staff.cookie));
    const verified = await call(
      app,
      '/api/second_factor/verify_passkey',
      { response: answer },
      { cookie: staff.cookie },
    );
    expect(verified.result.code, verified.result.msg).toBe(0);
    expect(
      (await call(app, '/api/admin/config/set_config', { notice_title: 'p2' }, { cookie: staff.cookie })).result.code,
    ).toBe(0);
    // The same answer a second time: the challenge is used up.
    await staleCheck(staff.cookie);
    expect(
      (await call(app, '/api/second_factor/verify_passkey', { response: answer }, { cookie: staff.cookie })).result
        .code,
    ).toBe(Codes.SECOND_FACTOR_WRONG);
  });

  it('an authenticator secret started before a passkey was added cannot be confirmed later from a stale session, nor after 10 minutes', async () => {
    const staff = await staffMember();
    // An intruder on the session starts an authenticator app and keeps the secret.
    const started = await call<SecondFactorEnrolment>(
      app,
      '/api/second_factor/enrol_start',
      {},
      { cookie: staff.cookie },
    );
    const { secret } = started.result.data;
    await addPasskey(staff.cookie);
    await staleCheck(staff.cookie);
    const codeNow = () => generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const confirm = async () =>
      (await call(app, '/api/second_factor/enrol_confirm', { code: await codeNow() }, { cookie: staff.cookie })).result
        .code;
    expect(await confirm()).toBe(Codes.STEP_UP_REQUIRED);
    expect((await status(staff.cookie)).enabled).toBe(false);
    expect(
      (await call(app, '/api/admin/config/set_config', { notice_title: 'x' }, { cookie: staff.cookie })).result.code,
    ).toBe(Codes.STEP_UP_REQUIRED);

    // Fresh again, but the secret is older than 10 minutes: enrolment starts again.
    await app.database.query('UPDATE sessions SET factor_checked_at = now() WHERE id = $1', [
      sessionIdOf(staff.cookie),
    ]);
    await app.database.query(
      "UPDATE second_factors SET pending_at = now() - interval '11 minutes' WHERE user_id = $1",
      [staff.id],
    );
    expect(await confirm()).toBe(Codes.NOT_ALLOWED);
    expect((await status(staff.cookie)).enabled).toBe(false);
  });

  it('counts as a factor for the required setting', async () => {
    const owner = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
    const staff = await staffMember();
    const without = await staffMember();
    await addPasskey(staff.cookie);
    const set = await call(
      app,
      '/api/admin/config/set_config',
      { staff_second_factor_required: true },
      { cookie: owner },
    );
    expect(set.result.code).toBe(0);
    try {
      expect((await call(app, '/api/admin/config/get', {}, { cookie: without.cookie })).result.code).toBe(
        Codes.SECOND_FACTOR_REQUIRED,
      );
      expect((await call(app, '/api/admin/config/get', {}, { cookie: staff.cookie })).result.code).toBe(0);
    } finally {
      await app.database.query("DELETE FROM settings WHERE key = 'staff_second_factor_required'");
    }
  });

  it('adding and removing a passkey need a recent check (1133), and removal is mailed', async () => {
    const staff = await staffMember();
    const { key, passkey } = await addPasskey(staff.cookie);
    await staleCheck(staff.cookie);
    expect(
      (await call(app, '/api/second_factor/passkey_remove', { id: passkey.id }, { cookie: staff.cookie })).result.code,
    ).toBe(Codes.STEP_UP_REQUIRED);
    expect(
      (await call(app, '/api/second_factor/passkey_register_options', {}, { cookie: staff.cookie })).result.code,
    ).toBe(Codes.STEP_UP_REQUIRED);
    expect((await status(staff.cookie)).passkeys).toHaveLength(1);

    const answer = key.assert(await stepUpOptions(staff.cookie));
    expect(
      (await call(app, '/api/second_factor/verify_passkey', { response: answer }, { cookie: staff.cookie })).result
        .code,
    ).toBe(0);
    expect(
      (await call(app, '/api/second_factor/passkey_remove', { id: passkey.id }, { cookie: staff.cookie })).result.code,
    ).toBe(0);
    expect(await status(staff.cookie)).toMatchObject({ active: false, passkeys: [] });
    expect((await outboxFor(app, staff.email)).map((m) => m.subject).join()).toContain('已删除通行密钥');
    // Without a factor, the password alone signs in again.
    expect((await call(app, '/api/user/login', { email: staff.email, password: PASSWORD })).result.code).toBe(0);
  });

  it("removes only the caller's own passkeys", async () => {
    const owner = await staffMember();
    const other = await staffMember();
    const { passkey } = await addPasskey(owner.cookie);
    const refused = await call(app, '/api/second_factor/passkey_remove', { id: passkey.id }, { cookie: other.cookie });
    expect(refused.result.code).toBe(Codes.NOT_FOUND);
    expect((await status(owner.cookie)).passkeys).toHaveLength(1);
  });
});

describe('recovery codes with passkeys only', () => {
  const recoveryCodesOf = async (userId: string) =>
    (
      await app.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM second_factor_recovery_codes WHERE user_id = $1',
        [userId],
      )
    )[0]!.n;

  it('the first passkey comes with ten recovery codes, shown once; one signs in instead of a lost passkey, once', async () => {
    const staff = await staffMember();
    const first = await addPasskey(staff.cookie);
    const codes = first.passkey.recoveryCodes!;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await status(staff.cookie)).recoveryLeft).toBe(10);
    // A second passkey keeps the codes the first gave.
    expect((await addPasskey(staff.cookie, '手机')).passkey.recoveryCodes).toBeUndefined();
    expect((await status(staff.cookie)).recoveryLeft).toBe(10);

    const lost = await ticketOf(staff.email);
    expect(lost).toMatchObject({ totp: false, passkeys: true });
    // Six digits mean nothing to an account without an authenticator app.
    expect(
      (await call(app, '/api/user/login_second_factor', { ticket: lost.ticket, code: '123456' })).result.code,
    ).toBe(Codes.SECOND_FACTOR_WRONG);
    const signedIn = await call(app, '/api/user/login_second_factor', {
      ticket: lost.ticket,
      code: codes[0]!.toLowerCase(),
    });
    expect(signedIn.result.code).toBe(0);
    expect((await status(sessionCookie(signedIn.response))).recoveryLeft).toBe(9);
    const again = await ticketOf(staff.email);
    expect(
      (await call(app, '/api/user/login_second_factor', { ticket: again.ticket, code: codes[0]! })).result.code,
    ).toBe(Codes.SECOND_FACTOR_WRONG);
  });

  it('new codes for a passkey-only account need a passkey checked in the last 10 minutes, replace the old ones and are mailed', async () => {
    const staff = await staffMember();
    const { key, passkey } = await addPasskey(staff.cookie);
    const old = passkey.recoveryCodes!;
    await staleCheck(staff.cookie);
    expect(
      (await call(app, '/api/second_factor/passkey_recovery_codes', {}, { cookie: staff.cookie })).result.code,
    ).toBe(Codes.STEP_UP_REQUIRED);
    expect(await recoveryCodesOf(staff.id)).toBe(10);

    const answer = key.assert(await stepUpOptions(staff.cookie));
    expect(
      (await call(app, '/api/second_factor/verify_passkey', { response: answer }, { cookie: staff.cookie })).result
        .code,
    ).toBe(0);
    const renewed = await call<SecondFactorRecoveryCodes>(
      app,
      '/api/second_factor/passkey_recovery_codes',
      {},
      { cookie: staff.cookie },
    );
    expect(renewed.result.code).toBe(0);
    const fresh = renewed.result.data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    expect(await recoveryCodesOf(staff.id)).toBe(10);
    expect((await outboxFor(app, staff.email)).map((m) => m.subject).join()).toContain('恢复码');
    // The old codes no longer sign in; a new one does.
    const lost = await ticketOf(staff.email);
    expect((await call(app, '/api/user/login_second_factor', { ticket: lost.ticket, code: old[0]! })).result.code).toBe(
      Codes.SECOND_FACTOR_WRONG,
    );
    expect(
      (await call(app, '/api/user/login_second_factor', { ticket: lost.ticket, code: fresh[0]! })).result.code,
    ).toBe(0);
  });

  it('an account with an authenticator app, or with no factor, gets no codes without a code', async () => {
    const none = await staffMember();
    expect(
      (await call(app, '/api/second_factor/passkey_recovery_codes', {}, { cookie: none.cookie })).result.code,
    ).toBe(Codes.NOT_ALLOWED);
    expect(await recoveryCodesOf(none.id)).toBe(0);

    const withApp = await staffMember();
    const { recoveryCodes } = await enrolTotp(withApp.cookie);
    await addPasskey(withApp.cookie);
    // Checked just now (enrolment), passkeys too: still the code route, not this one.
    expect(
      (await call(app, '/api/second_factor/passkey_recovery_codes', {}, { cookie: withApp.cookie })).result.code,
    ).toBe(Codes.NOT_ALLOWED);
    const kept = await app.database.query<{ code_hash: string }>(
      'SELECT code_hash FROM second_factor_recovery_codes WHERE user_id = $1',
      [withApp.id],
    );
    expect(kept).toHaveLength(recoveryCodes.length);

    // A user who is not staff has no second factor at all.
    await createUser(app, { email: 'not-staff@example.com', password: PASSWORD });
    const cookie = await login(app, 'not-staff@example.com', PASSWORD);
    expect((await call(app, '/api/second_factor/passkey_recovery_codes', {}, { cookie })).result.code).toBe(
      Codes.FORBIDDEN,
    );
  });

  it('an account with TOTP gets none with a passkey; removing the last passkey of a passkey-only account takes its codes', async () => {
    const withApp = await staffMember();
    const { secret } = await enrolTotp(withApp.cookie);
    expect((await addPasskey(withApp.cookie)).passkey.recoveryCodes).toBeUndefined();

    const staff = await staffMember();
    const { passkey } = await addPasskey(staff.cookie);
    expect(await recoveryCodesOf(staff.id)).toBe(10);
    expect(
      (await call(app, '/api/second_factor/passkey_remove', { id: passkey.id }, { cookie: staff.cookie })).result.code,
    ).toBe(0);
    expect(await recoveryCodesOf(staff.id)).toBe(0);
    // A new first passkey gives new codes.
    const again = (await addPasskey(staff.cookie)).passkey.recoveryCodes!;
    expect(again).toHaveLength(10);
    // /second_factor/remove removes an authenticator app: with none, a recovery code removes nothing.
    expect(
      (await call(app, '/api/second_factor/remove', { code: again[0] }, { cookie: staff.cookie })).result.code,
    ).toBe(Codes.NOT_ALLOWED);
    expect(await recoveryCodesOf(staff.id)).toBe(10);

    // TOTP removed while passkeys remain: the recovery codes stay, the way in without the passkey.
    const totpCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect(
      (await call(app, '/api/second_factor/remove', { code: totpCode }, { cookie: withApp.cookie })).result.code,
    ).toBe(0);
    expect(await recoveryCodesOf(withApp.id)).toBe(10);
    expect(await status(withApp.cookie)).toMatchObject({ enabled: false, active: true, recoveryLeft: 10 });
  });
});
