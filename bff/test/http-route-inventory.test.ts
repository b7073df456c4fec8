import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remoteFolder, remoteNames } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiUrl } from '../src/lib/http.js';
import { signedInUser } from './api.js';
import { buildTestApp } from './build-test-app.js';

/**
 * QUALITY 6 for the routes outside /api/ (route-inventory.test.ts covers /api/): the auth plugin's
 * guards, the envelope and the origin check apply only under /api/, so every other route is on
 * this list, either public with the reason, or guarded by its own handler (and the test below
 * proves the guard). A new route outside /api/ fails here until it is listed.
 */
const PUBLIC_OUTSIDE_API: Record<string, string> = {
  '/portal-config.json':
    'the shell reads where the remotes live before anyone signs in; remote URLs and the product name only',
  '/healthz': 'liveness for orchestrators; answers {status} only',
  '/readyz': 'readiness for load balancers; answers {status} only',
  '/describe/q.filter':
    'rule file proxy clients fetch without a session; the same for everyone, built from settings; rate limited',
  '/describe/qx/:file':
    'rule files proxy clients fetch without a session; the same for everyone, built from settings; rate limited',
  '/': "the shell's page with its boot data (run-time config, route map, remote addresses): the same for everyone",
  '/index.html': "the shell's page with its boot data, by its file name",
  '/*': 'the built shell (HTML, JS, CSS, images): public code, served from shell/dist only',
  ...Object.fromEntries(
    remoteNames.map((name) => [
      `/remotes/${remoteFolder(name)}/*`,
      `the built ${remoteFolder(name)} remote: public code, served from its dist only, to any origin (CORS)`,
    ]),
  ),
  '/bench/bare': 'only with BENCH_ROUTES=true: the bench baseline, a constant answer',
};

/** Outside /api/ the handler checks the session itself (the auth plugin resolves sessions under /api/ only). */
const GUARDED_OUTSIDE_API: Record<string, string> = {
  '/user/getUserAllURL': "the signed-in user's share links: reads the sid cookie itself, 401 without a live session",
};

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  // Every build present and the bench routes on, so that every route the server can have is registered.
  root = mkdtempSync(path.join(tmpdir(), 'bff-routes-'));
  for (const folder of ['shell', ...remoteNames.map(remoteFolder)]) {
    mkdirSync(path.join(root, folder, 'dist'), { recursive: true });
    writeFileSync(path.join(root, folder, 'dist', 'index.html'), `<!doctype html><title>${folder}</title>`);
  }
  app = await buildTestApp({ env: { SERVE_STATIC: 'true', STATIC_ROOT: root, BENCH_ROUTES: 'true' } });
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const outsideApi = () => app.httpRoutes.filter((r) => !isApiUrl(r.url));

/**
 * The routes Fastify's router itself prints, as "METHOD path" (wildcard routes excluded: the
 * router prints them merged). Cross-checks the auth plugin's record, which only sees routes
 * registered after it.
 */
function printedRoutes(instance: FastifyInstance): Set<string> {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of instance.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(full);
    if (match[3] === undefined || full.includes('*')) continue;
    for (const method of match[3].split(', ')) out.add(`${method} ${full}`);
  }
  return out;
}

describe('HTTP route inventory (outside /api/)', () => {
  it('records every route the router has', () => {
    const recorded = new Set(
      app.httpRoutes.filter((r) => !r.url.includes('*')).flatMap((r) => r.methods.map((m) => `${m} ${r.url}`)),
    );
    const printed = printedRoutes(app);
    expect(printed.size).toBeGreaterThan(40);
    expect([...printed].filter((route) => !recorded.has(route))).toEqual([]);
    expect([...recorded].filter((route) => !printed.has(route))).toEqual([]);
  });

  it('every route outside /api/ is listed as public with a reason or as guarded, and every listed route exists', () => {
    const urls = new Set(outsideApi().map((r) => r.url));
    const listed = { ...PUBLIC_OUTSIDE_API, ...GUARDED_OUTSIDE_API };
    expect([...urls].filter((url) => listed[url] === undefined)).toEqual([]);
    expect(Object.keys(listed).filter((url) => !urls.has(url))).toEqual([]);
    for (const reason of Object.values(listed)) expect(reason.length).toBeGreaterThan(10);
  });

  it('only reads: no route outside /api/ takes POST, PUT, PATCH or DELETE (those meet the origin check under /api/)', () => {
    const writers = outsideApi().filter((r) => r.methods.some((m) => !['GET', 'HEAD'].includes(m)));
    expect(writers).toEqual([]);
  });

  it('the guarded routes refuse a visitor and a forged cookie, and answer a live session', async () => {
    const user = await signedInUser(app);
    for (const url of Object.keys(GUARDED_OUTSIDE_API)) {
      for (const cookie of [undefined, 'sid=forged-session-token', 'sid=']) {
        const refused = await app.inject({ url, ...(cookie === undefined ? {} : { headers: { cookie } }) });
        expect(refused.statusCode, `${url} with ${cookie ?? 'no cookie'}`).toBe(401);
        expect(refused.body).not.toContain('://');
      }
      const answered = await app.inject({ url, headers: { cookie: user.cookie } });
      expect(answered.statusCode, url).toBe(200);
      expect(answered.headers['cache-control']).toBe('no-store');
    }
  });

  it('a session that ended is refused by the guarded routes at once', async () => {
    const user = await signedInUser(app);
    await app.database.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    for (const url of Object.keys(GUARDED_OUTSIDE_API)) {
      expect((await app.inject({ url, headers: { cookie: user.cookie } })).statusCode, url).toBe(401);
    }
  });
});
