import { describe, expect, it } from 'vitest';
import { userCredential } from './credentials.js';
import { fixtureAgent, fixtureCandidates, fixtureEntry, fixtureLine, fixtureUser, AT } from './fixtures.js';
import { accessState, selectProxies } from './rules.js';

const all = fixtureCandidates();
const names = (p: Array<{ name: string }>) => p.map((x) => x.name);

describe('line selection rules', () => {
  it('needs traffic left or a running time package, and an enabled account', () => {
    const past = new Date('2025-01-01T00:00:00Z');
    expect(accessState(fixtureUser(), AT)).toBe('ok');
    expect(accessState(fixtureUser({ vipExpireTime: past }), AT)).toBe('ok'); // traffic left
    expect(accessState(fixtureUser({ vipExpireTime: past, spendTraffic: 100 * 1024 ** 3 }), AT)).toBe('no_traffic');
    expect(accessState(fixtureUser({ vipExpireTime: null, traffic: 0, spendTraffic: 0 }), AT)).toBe('no_traffic');
    expect(accessState(fixtureUser({ traffic: 0, spendTraffic: 0 }), AT)).toBe('ok'); // time package only
    expect(accessState(fixtureUser({ disabled: true }), AT)).toBe('disabled');
    expect(selectProxies(fixtureUser({ disabled: true }), all, new Set(), AT)).toEqual([]);
    expect(
      selectProxies(fixtureUser({ vipExpireTime: past, spendTraffic: 100 * 1024 ** 3 }), all, new Set(), AT),
    ).toEqual([]);
  });

  it('refuses a time-package-only user whose allowance is used up today, as the nodes do, until the next service day', () => {
    const usedUp = { traffic: 0, spendTraffic: 0, timePackageDay: AT.today, dailyTimePackageUsage: 50 * 1024 ** 3 };
    expect(accessState(fixtureUser(usedUp), AT)).toBe('daily_limit');
    expect(selectProxies(fixtureUser(usedUp), all, new Set(), AT)).toEqual([]);
    // Yesterday's counter does not count today; a raised limit or permanent traffic lets the user in.
    expect(accessState(fixtureUser({ ...usedUp, timePackageDay: '2025-05-31' }), AT)).toBe('ok');
    expect(accessState(fixtureUser({ ...usedUp, dailyLimit: 60 * 1024 ** 3 }), AT)).toBe('ok');
    expect(accessState(fixtureUser({ ...usedUp, traffic: 1024 }), AT)).toBe('ok');
  });

  it('gives permission lines only to holders, agency-disabled lines not to agency users, never private lines', () => {
    const agent = fixtureAgent('a');
    const lines = [
      { agent, entry: null, line: fixtureLine('p', 'a', { name: 'VIP', permissionRequire: 'perm-1' }) },
      { agent, entry: null, line: fixtureLine('g', 'a', { name: 'NoAgency', disableForAgency: true }) },
      { agent, entry: null, line: fixtureLine('h', 'a', { name: 'Hidden', public: false }) },
    ];
    expect(names(selectProxies(fixtureUser(), lines, new Set(), AT))).toEqual(['NoAgency']);
    expect(names(selectProxies(fixtureUser(), lines, new Set(['perm-1']), AT))).toEqual(['VIP', 'NoAgency']);
    expect(names(selectProxies(fixtureUser({ isAgency: true }), lines, new Set(['perm-1']), AT))).toEqual(['VIP']);
  });

  it('applies num, scale and fixName to names and counts', () => {
    const agent = fixtureAgent('a');
    const lines = [
      {
        agent,
        entry: fixtureEntry,
        line: fixtureLine('n', 'a', { name: '中转', entryID: fixtureEntry.id, num: 3, scale: 1.5 }),
      },
      { agent, entry: null, line: fixtureLine('f', 'a', { name: '固定名', fixName: true, scale: 2, num: 1 }) },
    ];
    const proxies = selectProxies(fixtureUser(), lines, new Set(), AT);
    expect(names(proxies)).toEqual(['中转 1 1.5倍', '中转 2 1.5倍', '中转 3 1.5倍', '固定名']);
    expect(proxies.map((p) => p.flag)).toEqual(['🇯🇵', '🇯🇵', '🇯🇵', '']);
  });

  it('use_english_node, inXinjiang and in_foreign change names and addresses', () => {
    const en = selectProxies(fixtureUser({ useEnglishNode: true }), all, new Set(), AT);
    expect(names(en)[0]).toBe('Japan Tokyo');
    expect(names(en)).toContain('Japan Tokyo 1 x1.5');
    const normal = selectProxies(fixtureUser(), all, new Set(), AT);
    expect(normal[0]!.server).toBe('jp1.example.com');
    expect(normal.find((p) => p.name.startsWith('日本 中转'))!.server).toBe('sh-in.example.com');
    const xj = selectProxies(fixtureUser({ inXinjiang: true }), all, new Set(), AT);
    expect(xj[0]!.server).toBe('203.0.113.10');
    expect(xj.filter((p) => p.name.startsWith('日本 中转')).map((p) => p.server)).toEqual([
      '198.51.100.5',
      '198.51.100.6',
    ]);
    expect(names(xj)).not.toContain('日本 CDN'); // cf_cdn needs the CDN's domain
    const foreign = selectProxies(fixtureUser({ inForeign: true }), all, new Set(), AT);
    expect(foreign.find((p) => p.name.startsWith('日本 中转'))!.server).toBe('jp1.example.com');
  });

  it('hands out the derived credential, which changes with the key', () => {
    const user = fixtureUser();
    const p = selectProxies(user, all, new Set(), AT).find((x) => x.type === 'vmess');
    expect(p && p.type === 'vmess' && p.uuid).toBe(userCredential(user.id, user.userkey).uuid);
    expect(userCredential(user.id, 'another-key').uuid).not.toBe(userCredential(user.id, user.userkey).uuid);
    expect(userCredential(user.id, user.userkey).uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
