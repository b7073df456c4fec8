import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { cookieNames, decodeResponse, encodeRequest, type UserInfo } from '@portal/contracts';
// The daily modal's cookie name, from the product itself (a plain function without imports).
import { dailyCookieName } from '../../mf-user/src/features/dashboard/lib/daily-visit';
import { e2eEnv } from './env';

export interface ApiOptions {
  /** The portal origin to call (the agency host, say); the base URL by default. */
  base?: string;
  /** Sends exactly this Cookie header (an old session, say) instead of the context's cookies. */
  cookie?: string;
}

/** Calls the BFF with the envelope, like the browser client does. */
export async function api<T = unknown>(
  request: APIRequestContext,
  path: string,
  payload: object = {},
  { base = e2eEnv.baseUrl, cookie }: ApiOptions = {},
) {
  const response = await request.post(`${base}/api/${path}`, {
    data: encodeRequest(payload),
    headers: { origin: base, ...(cookie === undefined ? {} : { cookie }) },
  });
  return { status: response.status(), ...decodeResponse<T>(await response.json()) };
}

/** The user info of the session the request context (or the cookie given) holds; throws when refused. */
export async function userInfo(request: APIRequestContext, options: ApiOptions = {}): Promise<UserInfo> {
  const result = await api<UserInfo>(request, 'user/userinfo', {}, options);
  if (result.code !== 0) throw new Error(`userinfo refused: ${result.code} ${result.msg}`);
  return result.data;
}

/** Purpose key of the purchase modal's daily cookie (mf-user PurchaseModal). */
const PURCHASE_MODAL = 'purchase-modal';

/** The name of the cookie that records the day the purchase modal was last shown to this user. */
export const purchaseModalCookieName = (userId: string) => dailyCookieName(PURCHASE_MODAL, userId);

/** Today in the browser's time zone, 'YYYY-MM-DD' (the browser runs in this process's zone). */
export function browserToday(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Marks today's purchase modal of this user as already shown in the browser context, so that a
 * test that is not about the modal is never blocked by it (it opens on the first visit of a day).
 */
export async function skipPurchaseModal(context: BrowserContext, userId: string, base = e2eEnv.baseUrl) {
  await context.addCookies([{ name: purchaseModalCookieName(userId), value: browserToday(), url: base }]);
}

export interface LoginOptions {
  /** Leave today's purchase modal to open as for a real first visit (default: skipped). */
  purchaseModal?: boolean;
}

/**
 * Logs the page's browser context in as the e-mail given (the admin by default) and returns the
 * user info. Today's purchase modal is marked as shown unless `purchaseModal` is set.
 */
export async function loginAs(
  page: Page,
  email = e2eEnv.admin.email,
  password = e2eEnv.admin.password,
  { purchaseModal = false }: LoginOptions = {},
): Promise<UserInfo> {
  const request = page.context().request;
  const result = await api(request, 'user/login', { email, password });
  if (result.code !== 0) throw new Error(`login failed: ${result.code} ${result.msg}`);
  const user = await userInfo(request);
  if (!purchaseModal) await skipPurchaseModal(page.context(), user._id);
  return user;
}

/** The value of the httpOnly session cookie the context holds. */
export async function sessionCookie(context: BrowserContext, base = e2eEnv.baseUrl): Promise<string> {
  const sid = (await context.cookies(base)).find((c) => c.name === cookieNames.session);
  if (!sid) throw new Error('no session cookie');
  return `${sid.name}=${sid.value}`;
}
