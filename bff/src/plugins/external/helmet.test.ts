import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/build-test-app.js';
import { FIRST_PAINT_SCRIPT_HASHES } from '../../lib/first-paint.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('content security policy', () => {
  it('lists exactly the origins of the absolutely configured remotes in script-src and connect-src', async () => {
    app = await buildTestApp({
      env: {
        REMOTE_MF_SHOP_URL: 'https://shop-cdn.example.com/v3/mf-manifest.json',
        REMOTE_MF_ADMIN_URL: 'https://admin.example.net:8443/mf-manifest.json',
        REMOTE_MF_USER_URL: 'https://shop-cdn.example.com/user/mf-manifest.json',
      },
    });
    const csp = directives((await app.inject({ url: '/healthz' })).headers['content-security-policy'] as string);
    const expected = ["'self'", 'https://admin.example.net:8443', 'https://shop-cdn.example.com'];
    expect(csp.get('script-src')?.sort()).toEqual([...expected, ...FIRST_PAINT_SCRIPT_HASHES].sort());
    expect(csp.get('connect-src')?.sort()).toEqual(expected.sort());
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    const all = [...csp.values()].flat();
    expect(all.some((v) => v.includes('*'))).toBe(false);
  });

  it('allows only self and the inline scripts of the first paint (by their hashes) when every remote is same-origin', async () => {
    app = await buildTestApp();
    const csp = directives((await app.inject({ url: '/healthz' })).headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'", ...FIRST_PAINT_SCRIPT_HASHES]);
    for (const hash of FIRST_PAINT_SCRIPT_HASHES) expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });
});
