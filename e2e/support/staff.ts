// Staff for the second-factor specs (issue 25): a new user appointed operations staff and signed in.
import type { APIRequestContext, Page } from '@playwright/test';
import { createUser } from './accounts';
import { e2eEnv } from './env';
import { api, skipPurchaseModal, userInfo } from './session';
import { expect } from './test';

/**
 * The login form's first step: e-mail and password, on a freshly loaded page: a hash change alone
 * would keep the page's state of an earlier sign-in (a second step still settling) in place.
 */
export async function passwordLogin(page: Page, email: string, password: string) {
  await page.goto('about:blank');
  await page.goto('/#/login');
  // Typed once the app has taken over from the first paint (a press on the drawn form is
  // replayed, but the staff specs test the second step, not the first paint).
  await page.waitForFunction(() => {
    const paint = (window as { __portalFirstPaint?: { dropped?: boolean } }).__portalFirstPaint;
    return paint === undefined || paint.dropped === true;
  });
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** A new user appointed operations staff by the admin (the yunying_list setting), signed in on the page. */
export async function newStaffSignedIn(page: Page, request: APIRequestContext) {
  const staff = await createUser(request, 'staff');
  const admin = await api(request, 'user/login', e2eEnv.admin);
  expect(admin.code, admin.msg).toBe(0);
  const config = await api<{ values: Record<string, unknown> }>(request, 'admin/config/get');
  expect(config.code, config.msg).toBe(0);
  const listed = String(config.data.values.yunying_list ?? '');
  const appoint = await api(request, 'admin/config/set_config', {
    yunying_list: [listed, staff.email].filter(Boolean).join(','),
  });
  expect(appoint.code, appoint.msg).toBe(0);

  await passwordLogin(page, staff.email, staff.password);
  await expect(page).toHaveURL(/#\/$/);
  const me = await userInfo(page.context().request);
  await skipPurchaseModal(page.context(), me._id);
  return staff;
}
