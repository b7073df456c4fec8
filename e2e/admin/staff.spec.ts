// Staff (issue 25), in Chromium against the real BFF with mf-admin from its own origin: the owner
// makes a custom role (客服: tickets and users, read only) and appoints someone to it from the
// staff screen; that person signs in, sees exactly their screens, and is refused on the others.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { routes, type StaffList } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { createUser } from '../support/accounts';
import { api, loginAs } from '../support/session';
import { expectToast, setChecked } from '../support/ui';

const adminArea = (page: Page) => page.locator('[data-remote="mf_admin"]');
const label = (path: string) => routes.find((r) => r.path === path)!.menuLabel!;

test.describe.configure({ timeout: 120_000 });

test('the owner appoints a 客服 with a custom role; that person sees only their screens and is refused elsewhere', async ({
  page,
  browser,
}) => {
  const kefu = await createUser(page.context().request, 'kefu');
  const roleName = `客服${Date.now().toString(36).slice(-5)}`;

  // The owner (ADMIN_EMAIL): a role with two permissions, ticked by group.
  await loginAs(page);
  await page.goto('/#/admin_roles');
  await adminArea(page).getByRole('button', { name: '新增', exact: true }).click();
  const roleDialog = page.getByRole('dialog');
  await roleDialog.getByLabel('名称', { exact: true }).fill(roleName);
  const usersGroup = roleDialog.getByRole('group', { name: '用户', exact: true });
  await setChecked(usersGroup.getByRole('checkbox', { name: '查看工单（tickets.read）' }), true);
  await setChecked(usersGroup.getByRole('checkbox', { name: '查看用户（users.read）' }), true);
  await roleDialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '角色已保存');

  // The staff screen: appoint by e-mail.
  await page.goto('/#/admin_staff');
  await adminArea(page).getByRole('button', { name: '新增', exact: true }).click();
  const staffDialog = page.getByRole('dialog');
  await staffDialog.getByLabel('邮箱', { exact: true }).fill(kefu.email);
  await staffDialog.getByLabel('角色', { exact: true }).selectOption({ label: roleName });
  await staffDialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '员工已保存');
  await expect(adminArea(page).getByTestId('staff-row').filter({ hasText: kefu.email })).toContainText(roleName);
  const listed = await api<StaffList>(page.context().request, 'admin/staff/list');
  expect(listed.data.members.find((m) => m.email === kefu.email)).toMatchObject({ roleName, source: 'screen' });

  // The 客服 signs in elsewhere.
  const context = await browser.newContext();
  const other = await context.newPage();
  const me = await loginAs(other, kefu.email, kefu.password);
  expect(me.staff).toMatchObject({ roleName, owner: false });
  await other.goto('/#/admin');
  const sidebar = other.getByTestId('admin-sidebar');
  await expect(sidebar.getByRole('link', { name: label('/admin_userlist'), exact: true })).toBeVisible();
  for (const path of ['/admin_config', '/admin_coupon', '/admin_charge', '/admin_staff', '/admin_agents']) {
    await expect(sidebar.getByRole('link', { name: label(path), exact: true })).toHaveCount(0);
  }
  // The user list opens, read-only: no 编辑 button.
  await other.goto('/#/admin_userlist');
  await expect(adminArea(other).getByTestId('users-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(adminArea(other).getByRole('button', { name: '编辑', exact: true })).toHaveCount(0);
  // Typed into the address bar anyway: refused by the admin remote, and by the BFF.
  for (const path of ['/admin_config', '/admin_staff']) {
    await other.goto(`/#${path}`);
    await expect(adminArea(other).getByText(adminMessages.forbidden)).toBeVisible();
  }
  const request = context.request;
  expect((await api(request, 'admin/config/get')).code).toBe(4003);
  expect((await api(request, 'admin/staff/appoint', { email: kefu.email, role: 'admin' })).code).toBe(4003);
  expect((await api(request, 'admin/users/userlist', { number: 10, filterStr: '' })).code).toBe(0);
  await context.close();

  // Removed: their sessions end at once.
  const row = adminArea(page).getByTestId('staff-row').filter({ hasText: kefu.email });
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expectToast(page, '已解除任命，该员工的登录已全部退出');
});
