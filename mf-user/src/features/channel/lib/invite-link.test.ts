import { describe, expect, it } from 'vitest';
import { addressParams } from '@portal/platform';
import { inviteLink, ratePercent } from './invite-link';

describe('inviteLink', () => {
  it('is the portal address with ?c=<code>, which the address parameters read back', () => {
    expect(inviteLink('https://portal.example', 'AB3DE7')).toBe('https://portal.example/?c=AB3DE7');
    expect(inviteLink('https://portal.example/app/', 'AB3DE7')).toBe('https://portal.example/app/?c=AB3DE7');
    const link = new URL(inviteLink('https://portal.example', 'AB3DE7'));
    expect(addressParams({ search: link.search, hash: link.hash }).get('c')).toBe('AB3DE7');
  });
});

describe('ratePercent', () => {
  it('shows the rate as a percentage', () => {
    expect(ratePercent(0.1)).toBe('10');
    expect(ratePercent(0.125)).toBe('12.5');
    expect(ratePercent(0)).toBe('0');
  });
});
