import type { AdminUser } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  debugSubscriptionUrl,
  fromLocalInput,
  toLocalInput,
  userCount,
  userListRequest,
  userToForm,
} from './user-form';

const user: AdminUser = {
  _id: 'a'.repeat(24),
  email: 'u@example.com',
  type: 'normal',
  disable: false,
  scale: 1,
  channel_code: '',
  own_channel_code: null,
  createTime: '2026-01-01T00:00:00.000Z',
  paidUser: false,
  is_agency: false,
  wallet_money: 0,
  spendTraffic: 0,
  traffic: 1_234_567,
  vipExpireTime: '2026-03-01T12:34:56.789Z',
  lastActiveTime: null,
  first_url: '',
  last_url: '',
  userkey: 'k'.repeat(32),
  canChangeDescribeKey: true,
  canChangePassword: true,
  normalPermission: true,
  specialDailyUnlimitTraffic: false,
  dailyUnlimitTraffic: 50,
  forceReward: false,
  deviceNum: 0,
  packageDeviceNum: 2,
};

describe('user form', () => {
  it("the dialog starts from exactly the call's fields: bytes and the VIP time as stored", () => {
    const form = userToForm(user);
    expect(form.traffic).toBe(1_234_567);
    expect(form.vipExpireTime).toBe(user.vipExpireTime);
    // What it was loaded with goes back, so the BFF writes only what the operator changed.
    expect(form).toMatchObject({ loadedTraffic: 1_234_567, loadedVipExpireTime: user.vipExpireTime });
    for (const field of ['type', 'wallet_money', 'userkey', 'email', 'trafficG'])
      expect(form).not.toHaveProperty(field);
  });

  it('builds the list call from the address: count (default 100), text, day range', () => {
    expect(userListRequest({})).toEqual({ number: 100 });
    expect(userCount.read({ number: '0' })).toBe(100);
    expect(userCount.read({ number: 'abc' })).toBe(100);
    const request = userListRequest({ number: '20', filter: ' abc ', from: '2026-01-02', to: '2026-01-02' });
    expect(request).toMatchObject({ number: 20, filterStr: 'abc' });
    expect(request.toTimestamp! - request.fromTimestamp!).toBe(86_400_000 - 1);
    // The sharing filter (issue 27): at least 2 addresses or devices; anything else is no filter.
    expect(userListRequest({ shared: '3' })).toEqual({ number: 100, sharedFrom: 3 });
    expect(userListRequest({ shared: '1' })).toEqual({ number: 100 });
    expect(userListRequest({ shared: 'x' })).toEqual({ number: 100 });
  });

  it('reads and writes the datetime-local input in the browser time zone', () => {
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    const local = toLocalInput('2026-03-01T12:34:00.000Z');
    expect(fromLocalInput(local)).toBe('2026-03-01T12:34:00.000Z');
  });

  it("opens the user's Clash link through the clash install scheme with a name", () => {
    const url = debugSubscriptionUrl(user, '', 'https://portal.example');
    const link = `https://portal.example/api/subscript/clash/${user._id}/${user.userkey}`;
    expect(url).toBe(
      `clash://install-config?url=${encodeURIComponent(link)}&name=${encodeURIComponent('调试-u@example.com')}`,
    );
    expect(debugSubscriptionUrl(user, 'https://sub.example/', 'https://portal.example')).toContain(
      encodeURIComponent('https://sub.example/api/subscript/clash/'),
    );
  });
});
