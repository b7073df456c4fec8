import { describe, expect, it } from 'vitest';
import { adminGroups, adminScreensOf, DEFAULT_TITLE, findRoute, menuFor, pagesOf, routes } from './routes.js';
import { isPermission } from './staff.js';

// Every hash route of spec-1 §2 and spec-2 §2, and our own (marked).
const specPaths = [
  '/',
  '/tutorial',
  '/login',
  '/register',
  '/confirm',
  '/reset',
  '/shop',
  '/order',
  '/orderinfo',
  '/checkout',
  '/channel',
  '/wallet',
  '/agents',
  '/push',
  '/feedback',
  '/traffic_records',
  '/apple_id_share',
  '/apple_id_signup_guide',
  '/windows_errors',
  '/user_info',
  '/admin_config',
  '/admin_permissions',
  '/admin_userlist',
  '/all_traffic_records',
  '/admin_tradeList',
  '/admin_charge',
  '/admin_combos',
  '/admin_entrys',
  '/admin_agents',
  '/admin_agentLines',
  '/admin_coupon',
  '/admin_error',
  '/coupon_records',
  '/admin_prize',
  '/admin_stastic',
  '/flclash_for_pc',
  '/clash_for_windows',
  '/v2rayng_for_windows',
  '/singbox_for_win',
  '/flclash_for_android',
  '/singbox_for_android',
  '/clash_for_android',
  '/clash_meta_for_android',
  '/v2rayng_for_android',
  '/ss_for_ios',
  '/singbox_for_ios',
  '/quantumultx_for_ios',
  '/streisand_for_ios',
  '/v2box_for_ios',
  '/quantumult_for_ios',
  '/singbox_for_mac',
  '/clash_for_macos',
  // Ours: the back office's audit log and its header entry, the lottery draw, staff and roles (issue 25),
  // the notifications' deliveries (issue 28).
  '/admin_audit',
  '/admin',
  '/lottery',
  '/admin_staff',
  '/admin_roles',
  '/admin_notifications',
];
const loginRequired = [
  '/user_info',
  '/admin_config',
  '/admin_permissions',
  '/admin_userlist',
  '/all_traffic_records',
  '/admin_tradeList',
  '/admin_charge',
  '/admin_combos',
  '/admin_entrys',
  '/admin_agents',
  '/admin_agentLines',
  '/admin_coupon',
  '/admin_error',
  '/coupon_records',
  '/admin_prize',
  '/admin_stastic',
  '/admin_audit',
  '/admin',
  '/lottery',
  '/admin_staff',
  '/admin_roles',
  '/admin_notifications',
];

describe('route table', () => {
  it('holds exactly the routes of both spec documents, once each', () => {
    expect(routes.map((r) => r.path).sort()).toEqual([...specPaths].sort());
  });

  it('requires a login exactly on the spec’s protected routes', () => {
    expect(
      routes
        .filter((r) => r.loginRequired)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...loginRequired].sort());
  });

  it('gives every route a distinct title, and tutorials their own description', () => {
    for (const r of routes) expect(r.title).not.toBe(DEFAULT_TITLE);
    for (const r of routes.filter((x) => x.remote === 'mf_tutorials' && x.path.includes('_for_'))) {
      expect(r.description).toContain('教程');
    }
  });

  it('assigns admin screens to mf-admin and tutorials to mf-tutorials', () => {
    expect(routes.filter((r) => r.remote === 'mf_admin').every((r) => r.loginRequired)).toBe(true);
    expect(findRoute('/all_traffic_records')?.remote).toBe('mf_admin');
    expect(findRoute('/coupon_records')?.remote).toBe('mf_admin');
    expect(findRoute('/windows_errors')?.remote).toBe('mf_tutorials');
    expect(findRoute('/shop')?.remote).toBe('mf_shop');
    expect(pagesOf('mf_user')).toContain('dashboard');
  });

  it('filters the header menu by role as the spec’s table says', () => {
    const labels = (role: Parameters<typeof menuFor>[0], agency = false) =>
      menuFor(role, agency).map((r) => r.menuLabel);
    expect(labels('none')).toEqual(['使用教程', '商店', '节点列表', '邀请返利', '钱包']);
    expect(labels('normal')).not.toContain('邀请返利');
    expect(labels('normal')).toContain('订单记录');
    // The back office has one header entry; its screens are in the admin remote's sidebar.
    expect(labels('yunying')).toContain('后台管理');
    expect(labels('admin')).toContain('后台管理');
    expect(labels('normal')).not.toContain('后台管理');
    expect(labels('channel')).not.toContain('后台管理');
    expect(labels('admin')).not.toEqual(expect.arrayContaining(['统计']));
    expect(labels('admin').filter((l) => l === '配置' || l === '线路管理' || l === '优惠券管理')).toEqual([]);
  });

  it('puts every back-office screen in one sidebar group, each group non-empty', () => {
    const screens = routes.filter((r) => r.remote === 'mf_admin' && r.path !== '/admin');
    expect(screens.every((r) => r.group && r.menuLabel)).toBe(true);
    for (const group of adminGroups) expect(adminScreensOf(group.id).length).toBeGreaterThan(0);
    expect(adminScreensOf('ops').map((r) => r.path)).toEqual(['/admin_coupon', '/coupon_records', '/admin_prize']);
    expect(routes.filter((r) => r.group && r.remote !== 'mf_admin')).toEqual([]);
  });

  it('hides shop, rebate, orders and admin entries from agency users', () => {
    const agency = menuFor('admin', true).map((r) => r.path);
    expect(agency).not.toContain('/shop');
    expect(agency).not.toContain('/channel');
    expect(agency).not.toContain('/order');
    expect(agency).not.toContain('/admin_config');
    expect(agency).toContain('/traffic_records');
    expect(agency).toContain('/user_info');
  });
});

describe('back-office screens and permissions (issue 25)', () => {
  it('every back-office screen names a read permission of the catalogue; staff of any role get 后台管理', () => {
    for (const r of routes.filter((route) => route.group !== undefined)) {
      expect(r.permission === undefined ? false : isPermission(r.permission), r.path).toBe(true);
      expect(r.permission?.endsWith('.read'), r.path).toBe(true);
    }
    expect(menuFor('normal', false).some((r) => r.path === '/admin')).toBe(false);
    expect(menuFor('normal', false, true).some((r) => r.path === '/admin')).toBe(true);
  });
});
