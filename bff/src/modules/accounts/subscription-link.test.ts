import { describe, expect, it } from 'vitest';
import { parseSubscriptionLink } from './subscription-link.js';

const userId = '0123456789abcdef01234567';
const userkey = '89abcdef0123456789abcdef01234567';
const link = `https://sub.example.com/api/subscript/clash/${userId}/${userkey}`;

describe('parseSubscriptionLink', () => {
  it('reads the plain link of every kind, with or without a query', () => {
    for (const kind of [
      'clash',
      'mjclash',
      'flclash',
      'ss',
      'ssr',
      'v2box',
      'surge',
      'surfboard',
      'qx',
      'q',
      'singbox',
    ]) {
      expect(
        parseSubscriptionLink(`https://sub.example.com/api/subscript/${kind}/${userId}/${userkey}?name=x`),
      ).toEqual({ userId, userkey });
    }
    expect(parseSubscriptionLink(`  ${link}  `)).toEqual({ userId, userkey });
  });

  it('reads the Shadowrocket form: a scheme prefix and the base64 of the link', () => {
    const encoded = Buffer.from(link).toString('base64');
    expect(parseSubscriptionLink(`shadowrocket://add/sub://${encoded}?remark=portal`)).toEqual({ userId, userkey });
    expect(parseSubscriptionLink(`sub://${Buffer.from(link).toString('base64url')}`)).toEqual({ userId, userkey });
    expect(parseSubscriptionLink(encoded)).toEqual({ userId, userkey });
  });

  it('reads a link wrapped, percent-encoded, in another (one-tap import addresses)', () => {
    expect(parseSubscriptionLink(`clash://install-config?url=${encodeURIComponent(link)}&name=portal`)).toEqual({
      userId,
      userkey,
    });
  });

  it('accepts any address carrying /{userId}/{userkey} of that shape', () => {
    expect(parseSubscriptionLink(`https://other.example/u/${userId}/${userkey}`)).toEqual({ userId, userkey });
    expect(parseSubscriptionLink(`https://other.example/${userId.toUpperCase()}/${userkey}/`)).toEqual({
      userId,
      userkey,
    });
  });

  it('finds nothing in text without that shape', () => {
    for (const text of [
      'https://sub.example.com/api/subscript/clash/',
      `https://sub.example.com/api/subscript/clash/${userId}/short`,
      `https://sub.example.com/api/subscript/clash/${userId.slice(1)}/${userkey}`,
      `https://sub.example.com/api/subscript/clash/${userId}/${userkey}!!`,
      'sub://bm90IGEgbGluayBhdCBhbGwsIGp1c3QgdGV4dA==',
      '%E0%A4%A',
      'x'.repeat(2048),
    ]) {
      expect(parseSubscriptionLink(text), text).toBeUndefined();
    }
  });
});
