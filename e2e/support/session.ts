import type { APIRequestContext, Page } from '@playwright/test';
import { decodeResponse, encodeRequest } from '@portal/contracts';
import { e2eEnv } from './env';

/** Calls the BFF with the envelope, like the browser client does. */
export async function api<T = unknown>(request: APIRequestContext, path: string, payload: object = {}) {
  const response = await request.post(`${e2eEnv.baseUrl}/api/${path}`, {
    data: encodeRequest(payload),
    headers: { origin: e2eEnv.baseUrl },
  });
  return { status: response.status(), ...decodeResponse<T>(await response.json()) };
}

/** Logs the page's browser context in as the e-mail given (the admin by default). */
export async function loginAs(page: Page, email = e2eEnv.admin.email, password = e2eEnv.admin.password) {
  const result = await api(page.context().request, 'user/login', { email, password });
  if (result.code !== 0) throw new Error(`login failed: ${result.code} ${result.msg}`);
}
