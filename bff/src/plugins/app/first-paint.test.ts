import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import type { FirstPaintSnapshot } from '../../lib/first-paint.js';

// The first paint of the entry pages, as the all-in-one server inlines it (lib/first-paint.ts):
// to visitors of the main site only, and only while the remote that draws the page is the build
// the drawing was made from.
let root: string;
let app: FastifyInstance;

const ENTRY = '/static/js/index.0a0b0c0d0e.js';
const EXPOSE = 'static/js/async/__federation_expose_pages.0a1b2c3d4e.js';
const PAGE = 'static/js/async/page-windows_errors.0123456789.js';

function put(file: string, content: string) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
}

function manifest(pageChunk: string) {
  return JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'pages', assets: { js: { sync: [EXPOSE], async: [pageChunk] } } }],
  });
}

const snapshot: FirstPaintSnapshot = {
  version: 1,
  css: '.css-abc{color:red}</style><script>alert(1)</script>',
  pages: [
    {
      route: '/windows_errors',
      html: '<main><form><input name="q"></form></main>',
      scripts: [
        ENTRY,
        '/remotes/mf-tutorials/remoteEntry.js',
        `/remotes/mf-tutorials/${EXPOSE}`,
        `/remotes/mf-tutorials/${PAGE}`,
      ],
    },
    // Drawn by a page chunk that no longer exists: never served.
    { route: '/login', html: '<p>stale</p>', scripts: [ENTRY] },
  ],
};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'bff-first-paint-'));
  put(
    'shell/dist/index.html',
    `<!doctype html><html><head><title>shell</title><script defer src="${ENTRY}"></script></head><body><div id="root"></div></body></html>`,
  );
  put('shell/dist/first-paint.json', JSON.stringify(snapshot));
  put('mf-tutorials/dist/mf-manifest.json', manifest(PAGE));
  app = await buildTestApp({
    env: { SERVE_STATIC: 'true', STATIC_ROOT: root, AGENCY_DOMAIN: 'https://agent.example.org:8443' },
  });
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

/** The page's executable inline scripts (not JSON blocks; the CSS holds a fake one as text). */
const inlineScripts = (body: string) => {
  const withoutStyle = body.replace(/<style[\s\S]*?<\/style>/g, '');
  return [...withoutStyle.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
};

describe('first paint', () => {
  it('gives a visitor the drawing of each current page, with the script the CSP allows by its hash', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<div id="root"></div><template data-first-paint="/windows_errors"><main><form><input name="q"></form></main></template>',
    );
    // With what the app needs to take it over, fetched at once: the remote's manifest and every
    // script the page was drawn with but the shell's entry (already in the head).
    const preload = /<script type="application\/json" id="first-paint-preload">(.*?)<\/script>/.exec(response.body);
    expect(JSON.parse(preload![1]!)).toEqual({
      '/windows_errors': {
        manifest: '/remotes/mf-tutorials/mf-manifest.json',
        scripts: ['remoteEntry.js', EXPOSE, PAGE].map((file) => `/remotes/mf-tutorials/${file}`),
      },
    });
    expect(response.body).not.toContain('stale');
    // The CSS cannot close its element and run a script.
    expect(response.body).toContain('<style id="first-paint-style">.css-abc{color:red}<\\/style><script>alert(1)');
    expect(response.body.match(/<\/style>/g)).toHaveLength(1);
    // Both inline scripts, exactly as the CSP allows them by hash.
    const csp = String(response.headers['content-security-policy']);
    const scripts = inlineScripts(response.body);
    expect(scripts).toHaveLength(2);
    for (const script of scripts) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(String(response.headers.vary)).toMatch(/cookie/i);
  });

  it('leaves it out for a session, its marker and the agency site', async () => {
    const visitor = await app.inject({ url: '/' });
    for (const headers of [{ cookie: 'sid=abc' }, { cookie: 'token=1' }, { host: 'agent.example.org:8443' }]) {
      const response = await app.inject({ url: '/', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('data-first-paint');
      expect(response.body).not.toContain('first-paint-style');
      expect(response.headers.etag).not.toBe(visitor.headers.etag);
    }
  });

  it('drops a page once its remote is redeployed, without a restart', async () => {
    expect((await app.inject({ url: '/' })).body).toContain('data-first-paint="/windows_errors"');
    // A new build of the remote: another page chunk (and a later modification time).
    await new Promise((resolve) => setTimeout(resolve, 20));
    put('mf-tutorials/dist/mf-manifest.json', manifest('static/js/async/page-windows_errors.9999999999.js'));
    const after = await app.inject({ url: '/' });
    expect(after.body).not.toContain('data-first-paint');
    expect(after.body).not.toContain('first-paint-style');
  });
});
