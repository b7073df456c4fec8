import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { BootData } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';
import { cacheControlFor } from './static-site.js';

let root: string;
let app: FastifyInstance;
const logs = new LogCapture();
const chunk = 'console.log("mf-shop chunk");'.repeat(20);

function put(file: string, content: string | Buffer) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'bff-static-'));
  put('shell/dist/index.html', '<!doctype html><title>shell</title>');
  put('shell/dist/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  put('shell/dist/static/js/main.1a2b3c4d.js', 'main()');
  put('mf-shop/dist/mf-manifest.json', '{"name":"mf_shop"}');
  put('mf-shop/dist/remoteEntry.js', 'remote()');
  put('mf-shop/dist/static/js/123.0123abcd.js', chunk);
  put('mf-shop/dist/static/js/123.0123abcd.js.br', brotliCompressSync(chunk));
  put('mf-shop/dist/index.html', '<!doctype html><title>shop</title>');
  put(
    'mf-tutorials/dist/mf-manifest.json',
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          name: 'pages',
          assets: {
            js: {
              sync: ['static/js/async/__federation_expose_pages.0a1b2c3d4e.js'],
              async: ['static/js/async/page-windows_errors.0123456789.js', 'static/js/async/7.abcdef0123.js'],
            },
          },
        },
      ],
    }),
  );
  put('secret.txt', 'top secret');
  // mf-user, mf-tutorials and mf-admin have no build: the server must still start.
  app = await buildTestApp({
    logs,
    env: {
      SERVE_STATIC: 'true',
      STATIC_ROOT: root,
      REMOTE_MF_SHOP_URL: 'https://cdn.example.com/shop/mf-manifest.json',
      AGENCY_DOMAIN: 'https://agent.example.org:8443',
      DESCRIBE_HOST: 'https://sub.example.com',
    },
  });
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static all-in-one', () => {
  it('serves /portal-config.json from the environment, never cached', async () => {
    const response = await app.inject({ url: '/portal-config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      remotes: {
        mf_user: '/remotes/mf-user/mf-manifest.json',
        mf_shop: 'https://cdn.example.com/shop/mf-manifest.json',
        mf_tutorials: '/remotes/mf-tutorials/mf-manifest.json',
        mf_admin: '/remotes/mf-admin/mf-manifest.json',
      },
      agencyHost: 'agent.example.org:8443',
      describeHost: 'https://sub.example.com',
      productName: '云梯加速',
    });
  });

  it('inlines the run-time config and the first route remotes into the page, compressed and revalidated', async () => {
    const plain = await app.inject({ url: '/' });
    const block = /<script type="application\/json" id="portal-boot">(.*?)<\/script>/.exec(plain.body);
    expect(block).not.toBeNull();
    const boot = JSON.parse(block![1]!) as BootData;
    expect(boot.config.remotes.mf_shop).toBe('https://cdn.example.com/shop/mf-manifest.json');
    expect(boot.routes['/login']).toEqual(['mf_user', 'login']);
    expect(boot.routes['/windows_errors']).toEqual(['mf_tutorials', 'windows_errors']);
    expect(Object.values(boot.routes).some(([remote]) => remote === 'mf_admin')).toBe(false);
    expect(boot.preload.mf_admin).toBeUndefined();
    // A remote on another origin: only its manifest is known.
    expect(boot.preload.mf_shop).toEqual({ manifest: 'https://cdn.example.com/shop/mf-manifest.json' });
    // A remote hosted here: its manifest was read.
    expect(boot.preload.mf_tutorials).toEqual({
      manifest: '/remotes/mf-tutorials/mf-manifest.json',
      entry: '/remotes/mf-tutorials/remoteEntry.js',
      expose: ['/remotes/mf-tutorials/static/js/async/__federation_expose_pages.0a1b2c3d4e.js'],
      pages: { windows_errors: ['/remotes/mf-tutorials/static/js/async/page-windows_errors.0123456789.js'] },
    });

    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url: '/index.html', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the shell at / with the HTML revalidated and the CSP on it', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>shell</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toMatch(
      /script-src 'self' 'sha256-[^']+' 'sha256-[^']+' https:\/\/cdn\.example\.com;/,
    );
    expect((await app.inject({ url: '/logo.png' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/static/js/main.1a2b3c4d.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('serves a remote with CORS, entry files revalidated and hashed chunks immutable', async () => {
    const manifest = await app.inject({ url: '/remotes/mf-shop/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const entry = await app.inject({ url: '/remotes/mf-shop/remoteEntry.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');

    const js = await app.inject({ url: '/remotes/mf-shop/static/js/123.0123abcd.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['access-control-allow-origin']).toBe('*');
    expect(js.body).toBe(chunk);
    // Document policies stay off scripts (they govern pages only); nosniff stays on.
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['x-frame-options']).toBeUndefined();
    expect(js.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the prebuilt brotli file to browsers that accept it', async () => {
    const response = await app.inject({
      url: '/remotes/mf-shop/static/js/123.0123abcd.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.rawPayload.equals(brotliCompressSync(chunk))).toBe(true);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('logs missing builds instead of failing, and answers 404 for them', async () => {
    expect(logs.lines.some((l) => l.level === 40 && String(l.msg).includes('mf-user build not found'))).toBe(true);
    expect((await app.inject({ url: '/remotes/mf-user/mf-manifest.json' })).statusCode).toBe(404);
  });

  it('never serves files outside the build folders', async () => {
    for (const url of [
      '/remotes/mf-shop/../../secret.txt',
      '/remotes/mf-shop/..%2f..%2fsecret.txt',
      '/..%2fsecret.txt',
    ]) {
      const response = await app.inject({ url });
      expect(response.body).not.toContain('top secret');
    }
  });

  it('keeps answering unknown API calls with the envelope, not with a static 404', async () => {
    const response = await app.inject({ url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('data');
  });
});

describe('static serving switched off', () => {
  it('still answers /portal-config.json but serves no files', async () => {
    const off = await buildTestApp({ env: { SERVE_STATIC: 'false', STATIC_ROOT: root } });
    try {
      expect((await off.inject({ url: '/portal-config.json' })).statusCode).toBe(200);
      expect((await off.inject({ url: '/' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['logo.png', 'public, max-age=86400'],
    ['static/js/main.3f2a1b9c.js', 'public, max-age=31536000, immutable'],
    ['static/css/async/12.deadbeef.css', 'public, max-age=31536000, immutable'],
    ['static/js/main.3f2a1b9c.js.map', 'public, max-age=31536000, immutable'],
    ['static/js/main.3f2a1b9c.js.br', 'public, max-age=31536000, immutable'],
    ['remoteEntry.js.br', 'no-cache'],
    ['mf-manifest.json.gz', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});
