import { describe, expect, it } from 'vitest';
import { noticeTarget } from './notice-target';

const origin = 'https://portal.example';

describe('following a notice', () => {
  it('stays in the app for hash routes in every spelling', () => {
    expect(noticeTarget('#/shop', origin)).toEqual({ kind: 'route', path: '/shop' });
    expect(noticeTarget('/#/order?id=7', origin)).toEqual({ kind: 'route', path: '/order?id=7' });
    expect(noticeTarget('/traffic_records', origin)).toEqual({ kind: 'route', path: '/traffic_records' });
    expect(noticeTarget('  #/  ', origin)).toEqual({ kind: 'route', path: '/' });
  });

  it('treats an absolute address of this portal with a hash route as a route', () => {
    expect(noticeTarget('https://portal.example/#/wallet', origin)).toEqual({ kind: 'route', path: '/wallet' });
  });

  it('leaves for other addresses', () => {
    expect(noticeTarget('https://t.me/group', origin)).toEqual({ kind: 'external', url: 'https://t.me/group' });
    expect(noticeTarget('https://other.example/#/shop', origin)).toEqual({
      kind: 'external',
      url: 'https://other.example/#/shop',
    });
  });

  it('never follows script or other schemes, nor empty links', () => {
    expect(noticeTarget('javascript:alert(1)', origin)).toEqual({ kind: 'none' });
    expect(noticeTarget('data:text/html,hi', origin)).toEqual({ kind: 'none' });
    expect(noticeTarget('//evil.example', origin)).toEqual({ kind: 'none' });
    expect(noticeTarget('', origin)).toEqual({ kind: 'none' });
  });
});
