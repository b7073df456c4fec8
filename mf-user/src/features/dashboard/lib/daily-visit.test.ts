import { describe, expect, it } from 'vitest';
import { dailyCookieName, hashName, isFirstVisitToday, preferredDomainSwitch } from './daily-visit.js';

describe('daily visit cookie', () => {
  it('is named by a stable 8-digit hash per purpose and user', () => {
    expect(hashName('a')).toMatch(/^[0-9a-f]{8}$/);
    expect(dailyCookieName('purchase', 'u1')).toBe(dailyCookieName('purchase', 'u1'));
    expect(dailyCookieName('purchase', 'u1')).not.toBe(dailyCookieName('purchase', 'u2'));
    expect(dailyCookieName('purchase', 'u1')).not.toBe(dailyCookieName('prefer-domain', 'u1'));
  });

  it('counts a visit as the first of the day unless the cookie holds today', () => {
    expect(isFirstVisitToday(undefined, '2026-11-21')).toBe(true);
    expect(isFirstVisitToday('2026-11-20', '2026-11-21')).toBe(true);
    expect(isFirstVisitToday('2026-11-21', '2026-11-21')).toBe(false);
  });
});

describe('preferred domain', () => {
  const page = { protocol: 'https:', host: 'portal.example', hash: '#/tutorial' };

  it('is null when missing or equal to the page host', () => {
    expect(preferredDomainSwitch('', page)).toBeNull();
    expect(preferredDomainSwitch(undefined, page)).toBeNull();
    expect(preferredDomainSwitch('PORTAL.example', page)).toBeNull();
    expect(preferredDomainSwitch('https://portal.example/', page)).toBeNull();
  });

  it('points at the same page on the preferred host, bare host or URL', () => {
    expect(preferredDomainSwitch('fast.example', page)).toEqual({
      host: 'fast.example',
      url: 'https://fast.example/#/tutorial',
    });
    expect(preferredDomainSwitch('http://fast.example:8080/x', page)).toEqual({
      host: 'fast.example:8080',
      url: 'http://fast.example:8080/#/tutorial',
    });
  });
});
