// TOTP secrets at rest (lib/sealed.ts): with DATA_KEY set, a copy of the database does not give
// a staff member's authenticator away. Secrets stored before the key was set are sealed at the
// next start, and sign-ins with a code keep working through it.
import { randomBytes } from 'node:crypto';
import { Codes, type SecondFactorEnrolment } from '@portal/contracts';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createUser, login } from '../../../test/api.js';
import { buildTestApp, createTestDatabase } from '../../../test/build-test-app.js';

const PASSWORD = 'staff-password-1';
const DATA_KEY = randomBytes(32).toString('hex');
const database = await createTestDatabase();

afterAll(async () => {
  await database.dispose();
});

const stored = async (userId: string) =>
  (
    await database.query<{ totp_secret: string }>('SELECT totp_secret FROM second_factors WHERE user_id = $1', [userId])
  )[0]!.totp_secret;
const forgetSteps = (userId: string) =>
  database.query('UPDATE second_factors SET last_time_step = 0 WHERE user_id = $1', [userId]);
const code = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** An admin with a TOTP factor enrolled through the calls; the secret the authenticator holds. */
async function enrolledStaff(app: Awaited<ReturnType<typeof buildTestApp>>, email: string) {
  const id = await createUser(app, { email, password: PASSWORD, type: 'admin' });
  const cookie = await login(app, email, PASSWORD);
  const start = await call<SecondFactorEnrolment>(app, '/api/second_factor/enrol_start', {}, { cookie });
  const { secret } = start.result.data;
  expect(
    (await call(app, '/api/second_factor/enrol_confirm', { code: await code(secret) }, { cookie })).result.code,
  ).toBe(0);
  await forgetSteps(id);
  return { id, email, secret };
}

/** The password, then the code: the answer of the second step. */
async function signIn(app: Awaited<ReturnType<typeof buildTestApp>>, email: string, secret: string) {
  const first = await call<{ ticket: string }>(app, '/api/user/login', { email, password: PASSWORD });
  expect(first.result.code).toBe(Codes.SECOND_FACTOR_NEEDED);
  return call(app, '/api/user/login_second_factor', { ticket: first.result.data.ticket, code: await code(secret) });
}

describe('TOTP secrets sealed under DATA_KEY', () => {
  it('seals a secret stored before the key at the next start; sign-in still works, and the row alone gives nothing away', async () => {
    const before = await buildTestApp({ database });
    const staff = await enrolledStaff(before, 'sealed-1@example.com');
    expect(await stored(staff.id)).toBe(staff.secret);
    await before.close();

    const app = await buildTestApp({ database, env: { DATA_KEY } });
    try {
      const sealed = await stored(staff.id);
      expect(sealed).toMatch(/^sealed:v1:/);
      expect(sealed).not.toContain(staff.secret);
      expect((await signIn(app, staff.email, staff.secret)).result.code).toBe(0);

      // A new enrolment is sealed as it is written, pending and active.
      const other = await enrolledStaff(app, 'sealed-2@example.com');
      expect(await stored(other.id)).toMatch(/^sealed:v1:/);
      expect(await stored(other.id)).not.toContain(other.secret);

      // A sealed secret copied into another staff member's row does not open there.
      await forgetSteps(staff.id);
      await database.query('UPDATE second_factors SET totp_secret = $1 WHERE user_id = $2', [
        await stored(staff.id),
        other.id,
      ]);
      expect((await signIn(app, other.email, staff.secret)).result.code).not.toBe(0);
    } finally {
      await app.close();
    }

    // Started by mistake with another key: it starts, and leaves the sealed rows as they are.
    const sealed = await stored(staff.id);
    const wrongKey = await buildTestApp({ database, env: { DATA_KEY: randomBytes(32).toString('hex') } });
    await wrongKey.close();
    expect(await stored(staff.id)).toBe(sealed);

    // The key changed, the old one given as DATA_KEY_PREVIOUS: sealed again under the new key at
    // start, and the authenticator still signs in with the new key alone.
    const NEXT_KEY = randomBytes(32).toString('hex');
    await buildTestApp({ database, env: { DATA_KEY: NEXT_KEY, DATA_KEY_PREVIOUS: DATA_KEY } }).then((changing) =>
      changing.close(),
    );
    expect(await stored(staff.id)).not.toBe(sealed);
    const next = await buildTestApp({ database, env: { DATA_KEY: NEXT_KEY } });
    try {
      await forgetSteps(staff.id);
      expect((await signIn(next, staff.email, staff.secret)).result.code).toBe(0);
    } finally {
      await next.close();
    }
  });
});
