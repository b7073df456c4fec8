import { describe, expect, it } from 'vitest';
import {
  base64Url,
  buildSubscriptionLinks,
  oneTapUrl,
  quantumultXResource,
  qxRuleHost,
  shadowrocketSub,
  subscriptionBase,
  subscriptionLink,
} from './subscription-links.js';
import { subscriptionKinds } from '@portal/contracts';

/** Decodes web-safe base64 (with or without padding) to UTF-8 text. */
function fromBase64Url(encoded: string): string {
  const standard = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  return new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
}

const owner = { _id: '665f1c2ab7e4d90012a3c001', userkey: 'k3y', describe_host: '' };
const origin = 'https://portal.example';

describe('subscription base', () => {
  it('prefers the user describe_host, then the portal describe host, then the page origin', () => {
    expect(subscriptionBase({ describe_host: 'https://u.example/' }, 'https://p.example', origin)).toBe(
      'https://u.example',
    );
    expect(subscriptionBase({ describe_host: '' }, 'https://p.example//', origin)).toBe('https://p.example');
    expect(subscriptionBase({ describe_host: '  ' }, '', origin)).toBe(origin);
    expect(subscriptionBase(null, undefined, origin)).toBe(origin);
  });
});

describe('subscription links', () => {
  it('has the spec shape {base}/api/subscript/{kind}/{_id}/{userkey} for every kind', () => {
    for (const kind of subscriptionKinds) {
      expect(subscriptionLink('https://h.example', kind, owner)).toBe(
        `https://h.example/api/subscript/${kind}/665f1c2ab7e4d90012a3c001/k3y`,
      );
    }
    expect(subscriptionKinds).toEqual([
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
    ]);
  });

  it('adds the name query to V2Box / v2rayNG, and Streisand also gets asn, mode and base64', () => {
    const links = buildSubscriptionLinks(owner, '', origin, 'Demo');
    expect(links.v2box).toBe(`${origin}/api/subscript/v2box/${owner._id}/k3y?name=Demo`);
    expect(links.v2rayng).toBe(links.v2box);
    const streisand = new URL(links.streisand);
    expect(streisand.pathname).toBe(`/api/subscript/v2box/${owner._id}/k3y`);
    expect(Object.fromEntries(streisand.searchParams)).toEqual({
      name: 'Demo',
      asn: 'unknown',
      mode: 'new',
      base64: 'True',
    });
  });

  it('names Clash links for one-tap import only', () => {
    const links = buildSubscriptionLinks(owner, '', origin, '云梯加速');
    expect(links.clash).toBe(`${origin}/api/subscript/clash/${owner._id}/k3y`);
    expect(new URL(links.clashNamed).searchParams.get('name')).toBe('云梯加速');
    expect(links.mjclash).toContain('/api/subscript/mjclash/');
  });

  it('points Quantumult at the describe filter file of the same base', () => {
    const links = buildSubscriptionLinks({ ...owner, describe_host: 'https://d.example' }, '', origin);
    expect(links.qFilter).toBe('https://d.example/describe/q.filter');
    expect(links.q).toBe(`https://d.example/api/subscript/q/${owner._id}/k3y`);
  });

  it('fetches the rule files from the content host when the operator set one (contentUrl_*), beside the links otherwise', () => {
    const links = buildSubscriptionLinks({ ...owner, content_host: 'https://rules.example.cn/' }, '', origin);
    expect(links.qFilter).toBe('https://rules.example.cn/describe/q.filter');
    expect(links.contentBase).toBe('https://rules.example.cn');
    expect(links.q).toBe(`${origin}/api/subscript/q/${owner._id}/k3y`);
    expect(buildSubscriptionLinks({ ...owner, content_host: '' }, '', origin).contentBase).toBe(origin);
  });

  it('rebuilds every link from a new userkey', () => {
    const before = buildSubscriptionLinks(owner, '', origin);
    const after = buildSubscriptionLinks({ ...owner, userkey: 'n3w' }, '', origin);
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      if (key === 'base' || key === 'contentBase' || key === 'qFilter') continue;
      expect(after[key]).not.toBe(before[key]);
      expect(after[key]).toContain('/n3w');
    }
  });
});

describe('QuantumultX resource', () => {
  it('lists the server with a 172800 s interval and the rule sets Internal, Apple, GlobalMedia, Global, Rewrite with 2592000 s', () => {
    const resource = quantumultXResource(
      'https://h.example/api/subscript/qx/a/b',
      qxRuleHost('https://h.example'),
      'Demo',
    );
    expect(resource.server_remote).toEqual([
      'https://h.example/api/subscript/qx/a/b, tag=Demo, update-interval=172800, opt-parser=false, enabled=true',
    ]);
    const tags = [...resource.filter_remote, ...resource.rewrite_remote].map((line) => /tag=([^,]+)/.exec(line)?.[1]);
    expect(tags).toEqual(['Internal', 'Apple', 'GlobalMedia', 'Global', 'Rewrite']);
    for (const line of [...resource.filter_remote, ...resource.rewrite_remote]) {
      expect(line).toContain('update-interval=2592000');
      expect(line.startsWith('https://h.example/describe/qx/')).toBe(true);
    }
  });
});

describe('one-tap URLs', () => {
  const link = 'https://h.example/api/subscript/clash/a/b?name=x';

  it('encodes the link as a query value for the install-config schemes', () => {
    expect(oneTapUrl.clash(link, '云梯')).toBe(
      `clash://install-config?url=${encodeURIComponent(link)}&name=%E4%BA%91%E6%A2%AF`,
    );
    expect(oneTapUrl.clashMeta(link, 'n')).toBe(`clashmeta://install-config?url=${encodeURIComponent(link)}&name=n`);
    expect(oneTapUrl.flclash(link)).toBe(`flclash://install-config?url=${encodeURIComponent(link)}`);
    expect(oneTapUrl.surge(link)).toBe(`surge:///install-config?url=${encodeURIComponent(link)}`);
    expect(oneTapUrl.surfboard(link)).toBe(`surfboard:///install-config?url=${encodeURIComponent(link)}`);
    expect(oneTapUrl.loon(link)).toBe(`loon://import?nodelist=${encodeURIComponent(link)}`);
    expect(oneTapUrl.v2box(link, 'n')).toBe(`v2box://install-sub?url=${encodeURIComponent(link)}&name=n`);
  });

  it('puts the profile name in the fragment for sing-box and v2rayNG', () => {
    expect(oneTapUrl.singbox(link, 'n')).toBe(`sing-box://import-remote-profile?url=${encodeURIComponent(link)}#n`);
    expect(oneTapUrl.v2rayng(link, 'n')).toBe(`v2rayng://install-sub?url=${encodeURIComponent(link)}#n`);
  });

  it('gives Shadowrocket sub:// with the web-safe base64 of the link', () => {
    const url = oneTapUrl.shadowrocket(link, 'n');
    expect(url).toBe(`shadowrocket://add/sub://${base64Url(link)}?remark=n`);
    const encoded = shadowrocketSub(link).slice('sub://'.length);
    expect(encoded).not.toMatch(/[+/=]/);
    expect(fromBase64Url(encoded)).toBe(link);
  });

  it('gives Quantumult the server and filter links as web-safe base64 without padding', () => {
    const url = new URL(
      oneTapUrl.quantumult('https://h.example/api/subscript/q/a/b', 'https://h.example/describe/q.filter'),
    );
    expect(url.protocol).toBe('quantumult:');
    expect(fromBase64Url(url.searchParams.get('server')!)).toBe('https://h.example/api/subscript/q/a/b');
    expect(fromBase64Url(url.searchParams.get('filter')!)).toBe('https://h.example/describe/q.filter');
  });

  it('gives QuantumultX the URL-encoded resource JSON', () => {
    const resource = quantumultXResource('https://h.example/qx', 'https://rules.example');
    const url = oneTapUrl.quantumultX(resource);
    expect(url.startsWith('quantumult-x:///add-resource?remote-resource=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.split('remote-resource=')[1]!))).toEqual(resource);
  });

  it('hands Streisand the raw link in the path', () => {
    expect(oneTapUrl.streisand('https://h.example/s?a=1', 'n')).toBe('streisand://import/https://h.example/s?a=1#n');
  });

  it('encodes non-ASCII text as UTF-8 base64', () => {
    expect(fromBase64Url(base64Url('https://云梯.example/'))).toBe('https://云梯.example/');
  });
});
