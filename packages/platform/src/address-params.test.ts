import { cookieDays, cookieNames, DEFAULT_CHANNEL_CODE, FIRST_URL_MAX } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressWithoutToken, applyAddressParams } from './address-params.js';
import { call } from './api-client.js';

vi.mock('./api-client.js', () => ({ call: vi.fn(async () => ({ code: 0, data: {}, msg: '', status: 200 })) }));

/**
 * Spec-1 §4: the channel cookie at load. `document.cookie` is a recorder of what the page asks
 * the browser to store (Chromium itself caps any lifetime at 400 days, so a browser test cannot
 * see the 99999 days the spec asks for; the e2e suite checks the value end to end).
 */
const DAY_MS = 86_400_000;
let written: string[];

beforeEach(() => {
  written = [];
  const jar = {
    get cookie() {
      return written.map((line) => line.split(';')[0]).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
    },
  };
  vi.stubGlobal('document', jar);
  vi.stubGlobal('location', { protocol: 'https:', host: 'portal.example.com', search: '', hash: '#/login' });
  vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function storedFor(name: string): { value: string; days: number } {
  const line = written.find((l) => l.startsWith(`${name}=`))!;
  const expires = /expires=([^;]+)/.exec(line)![1]!;
  return {
    value: decodeURIComponent(line.split(';')[0]!.slice(name.length + 1)),
    days: (Date.parse(expires) - Date.now()) / DAY_MS,
  };
}

describe('the channel cookie at load', () => {
  it(`stores ${DEFAULT_CHANNEL_CODE} for ${cookieDays.defaultChannel} days when the address has no c`, async () => {
    await applyAddressParams({ pathname: '/', search: '', hash: '#/login' });
    const stored = storedFor(cookieNames.channelCode);
    expect(stored.value).toBe(DEFAULT_CHANNEL_CODE);
    expect(Math.round(stored.days)).toBe(cookieDays.defaultChannel);
    expect(written.find((l) => l.startsWith(`${cookieNames.channelCode}=`))).toContain(
      '; path=/; SameSite=Lax; Secure',
    );
  });

  it('stores the address code (from the hash query, trailing slashes off) for its own lifetime', async () => {
    await applyAddressParams({ pathname: '/', search: '', hash: '#/register?c=ABC123/' });
    const stored = storedFor(cookieNames.channelCode);
    expect(stored).toEqual({ value: 'ABC123', days: cookieDays.channelFromAddress });
  });

  it('keeps a channel cookie the browser already has', async () => {
    written.push(`${cookieNames.channelCode}=FIRST; path=/`);
    await applyAddressParams({ pathname: '/', search: '?c=SECOND', hash: '' });
    expect(written.filter((l) => l.startsWith(`${cookieNames.channelCode}=`))).toHaveLength(1);
  });
});

describe('the first page at load (first_url)', () => {
  it(`keeps the first page's address, with its query, for ${cookieDays.firstUrl} days, and never replaces it`, async () => {
    await applyAddressParams({ pathname: '/', search: '?c=ABC', hash: '#/shop' });
    const stored = storedFor(cookieNames.firstUrl);
    expect(stored.value).toBe('/?c=ABC#/shop');
    expect(Math.round(stored.days)).toBe(cookieDays.firstUrl);
    await applyAddressParams({ pathname: '/', search: '', hash: '#/register' });
    expect(written.filter((l) => l.startsWith(`${cookieNames.firstUrl}=`))).toHaveLength(1);
  });

  it(`keeps at most ${FIRST_URL_MAX} characters of it`, async () => {
    await applyAddressParams({ pathname: '/', search: `?x=${'a'.repeat(3000)}`, hash: '' });
    expect(storedFor(cookieNames.firstUrl).value).toHaveLength(FIRST_URL_MAX);
  });
});

describe('a session token in the address', () => {
  it('is handed to the BFF, and kept neither in first_url nor (addressWithoutToken) in the address', async () => {
    await applyAddressParams({ pathname: '/', search: '?c=ABC&token=secret-token/', hash: '#/shop' });
    expect(vi.mocked(call)).toHaveBeenCalledWith('user/adopt_token', { token: 'secret-token' }, { quietExpiry: true });
    expect(storedFor(cookieNames.firstUrl).value).toBe('/?c=ABC#/shop');
  });

  it.each([
    [{ pathname: '/', search: '?token=t', hash: '' }, '/'],
    [{ pathname: '/', search: '?c=A&token=t', hash: '#/login' }, '/?c=A#/login'],
    [{ pathname: '/', search: '', hash: '#/shop?token=t&x=1' }, '/#/shop?x=1'],
    [{ pathname: '/p', search: '?token=a', hash: '#/?token=b' }, '/p#/'],
    [{ pathname: '/', search: '?c=A', hash: '#/shop?x=1' }, '/?c=A#/shop?x=1'],
    [{ pathname: '/', search: '?token=a&token=b&c=A', hash: '' }, '/?c=A'],
    [{ pathname: '/', search: '?c=A&token=a&token=b', hash: '#/?x=1&token=c' }, '/?c=A#/?x=1'],
  ])('%o without its token is %s', (loc, expected) => {
    expect(addressWithoutToken(loc)).toBe(expected);
  });
});
