import { cookieNames, decodeResponse, encodeRequest, type ApiResult } from '@portal/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { argon2Hasher } from '../src/lib/passwords.js';
import { newObjectId, randomHex } from '../src/lib/random.js';
import { TEST_ADMIN } from './build-test-app.js';

export interface CallResult<T = unknown> {
  status: number;
  result: ApiResult<T>;
  response: LightMyRequestResponse;
}

export interface CallOptions {
  cookie?: string;
  headers?: Record<string, string>;
}

/** One envelope call, the way the browser client makes it. */
export async function call<T = unknown>(
  app: FastifyInstance,
  url: string,
  payload: unknown = {},
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: encodeRequest(payload),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
  return { status: response.statusCode, result: decodeResponse<T>(response.json()), response };
}

/** Decodes whatever came back as an envelope; throws when it is not one. */
export function envelopeOf(response: LightMyRequestResponse): ApiResult {
  return decodeResponse(response.json());
}

/** The `sid` cookie of a response as a request Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const sid = response.cookies.find((c) => c.name === cookieNames.session);
  if (sid === undefined) throw new Error('no session cookie in the response');
  return `${cookieNames.session}=${sid.value}`;
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const { result, response } = await call(app, '/api/user/login', { email, password });
  if (result.code !== 0) throw new Error(`login failed: ${result.code} ${result.msg}`);
  return sessionCookie(response);
}

export const loginAsAdmin = (app: FastifyInstance) => login(app, TEST_ADMIN.email, TEST_ADMIN.password);

export async function createUser(
  app: FastifyInstance,
  user: { email: string; password: string; type?: 'admin' | 'normal' | 'channel' | 'yunying' | null },
): Promise<string> {
  const id = newObjectId();
  await app.database.query(
    'INSERT INTO users (id, email, password_hash, type, userkey, email_confirmed) VALUES ($1, $2, $3, $4, $5, true)',
    [id, user.email, await argon2Hasher.hash(user.password), storedType(user.type), randomHex(16)],
  );
  await appointFor(app, id, user.type);
  return id;
}

/**
 * Staff are appointed in staff_members (modules/staff): type 'admin' / 'yunying' here appoints the
 * user to that built-in role and stores 'normal' as users.type, as migration 0016 does.
 */
const storedType = (type: 'admin' | 'normal' | 'channel' | 'yunying' | null | undefined) =>
  type === undefined || type === 'admin' || type === 'yunying' ? 'normal' : type;

async function appointFor(app: FastifyInstance, id: string, type: string | null | undefined): Promise<void> {
  if (type === 'admin' || type === 'yunying') await appointStaff(app, id, type);
}

/** Appoints a user to a role (built-in or custom) directly in the database. */
export async function appointStaff(app: FastifyInstance, userId: string, roleId: string): Promise<void> {
  await app.database.query(
    'INSERT INTO staff_members (user_id, role_id) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET role_id = EXCLUDED.role_id',
    [userId, roleId],
  );
}

/** The password of every signedInUser account (the calls that need the current password take it). */
export const TEST_USER_PASSWORD = 'signed-in-password';
// Hashed once per test worker, so that many signed-in users cost no more than one.
let testUserPasswordHash: Promise<string> | undefined;

/**
 * A confirmed user with a live session, made without the login call (one password hash for all),
 * for tests that need many signed-in users. Its password is TEST_USER_PASSWORD.
 */
export async function signedInUser(
  app: FastifyInstance,
  user: { email?: string; paidUser?: boolean; type?: 'admin' | 'normal' | 'channel' | 'yunying' | null } = {},
): Promise<{ id: string; email: string; cookie: string }> {
  const id = newObjectId();
  const email = user.email ?? `u-${id}@example.com`;
  await app.database.query(
    'INSERT INTO users (id, email, password_hash, type, userkey, email_confirmed, paid_user) VALUES ($1, $2, $3, $4, $5, true, $6)',
    [
      id,
      email,
      await (testUserPasswordHash ??= argon2Hasher.hash(TEST_USER_PASSWORD)),
      storedType(user.type),
      randomHex(16),
      user.paidUser ?? false,
    ],
  );
  await appointFor(app, id, user.type);
  const { token } = await app.sessions.create(id);
  return { id, email, cookie: `${cookieNames.session}=${token}` };
}

/** GET of the confirm calls, which answer plain JSON {Code, Msg}. */
export async function confirmCall(app: FastifyInstance, path: string, query: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: path, query });
  return { status: response.statusCode, body: response.json<{ Code: number; Msg?: string }>(), response };
}

export interface KeptMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Mails kept in the outbox table (no SMTP_URL), oldest first. */
export async function outboxFor(app: FastifyInstance, to: string): Promise<KeptMail[]> {
  return app.database.query<KeptMail>('SELECT "to", subject, text, html FROM mail_outbox WHERE "to" = $1 ORDER BY id', [
    to,
  ]);
}

/** The confirmation link of a mail body, with its query parameters. */
export function confirmationLink(text: string): { url: string; serial_id: string; key: string; action: string } {
  const url = /https?:\/\/\S+#\/confirm\?\S+/.exec(text)?.[0];
  if (url === undefined) throw new Error(`no confirmation link in: ${text}`);
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  return {
    url,
    serial_id: params.get('serial_id') ?? '',
    key: params.get('key') ?? '',
    action: params.get('action') ?? '',
  };
}

/** The newest confirmation link mailed to an address through the outbox. */
export async function lastLinkFor(app: FastifyInstance, to: string) {
  const mails = await outboxFor(app, to);
  const last = mails.at(-1);
  if (last === undefined) throw new Error(`no mail to ${to}`);
  return confirmationLink(last.text);
}

/** The path of the confirm call a link's action names. */
export const confirmPath = (action: string) => `/api/account/${action}`;
