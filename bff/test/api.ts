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
    [id, user.email, await argon2Hasher.hash(user.password), user.type === undefined ? 'normal' : user.type, randomHex(16)],
  );
  return id;
}
