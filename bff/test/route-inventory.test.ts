import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_API_PREFIX } from '../src/modules/node-api/index.js';
import { buildTestApp } from './build-test-app.js';

/**
 * QUALITY 6: every /api/ route either requires a session (any user or a role), a node secret, or
 * is public on purpose: on this list, with the reason. A new public route fails here until it is
 * added with its reason.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  '/api/host/get': 'the announcement and preferred domain show before anyone signs in',
  '/api/user/login': 'signing in',
  '/api/user/adopt_token': 'turns a verified ?token= link into a session',
  '/api/user/logout': 'ends whatever session the cookie names, or none',
  '/api/user/signup': 'registration',
  '/api/account/signup_confirm': 'mailed link; authorised by its single-use 256-bit key',
  '/api/account/change_password': 'mailed link; authorised by its single-use 256-bit key',
  '/api/user/reset_password': 'forgotten password; authorised by the subscription link it names, rate limited',
  '/api/user/get_email': 'forgotten password; authorised by the subscription link it names, rate limited',
  '/api/subscript/:kind/:userId/:userkey': 'proxy clients fetch subscriptions without a session; authorised by the userkey',
  '/api/subscript/:kind/:userId/': 'the empty-key form, answered like a wrong key',
  '/api/agent/agent_list': '/agents is a public page (spec-2 §2)',
  '/api/shop/list': '/shop is a public page (spec-2 §2)',
  '/api/pay/notify/epay/:platform': "payment gateways' servers call it without our session or an Origin; authorised by the platform's md5 signature",
  '/api/pay/sandbox/submit.php': "the sandbox gateway's pay page, opened on any device (a scanned QR); authorised by the sandbox signature, changes nothing",
  '/api/pay/sandbox/decide': "the sandbox page's form; authorised by the sandbox signature, same-origin (origin check)",
  '/api/pay/sandbox/page.css': "the sandbox page's stylesheet",
};

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

describe('route inventory', () => {
  it('every public API route is on the public list with a reason, and every listed route exists and is public', () => {
    const publicUrls = new Set(app.apiRoutes.filter((r) => r.access === 'public').map((r) => r.url));
    expect([...publicUrls].filter((url) => PUBLIC_ROUTES[url] === undefined)).toEqual([]);
    expect(Object.keys(PUBLIC_ROUTES).filter((url) => !publicUrls.has(url))).toEqual([]);
  });

  it('node-authenticated routes are the node API only', () => {
    const nodeUrls = app.apiRoutes.filter((r) => r.access === 'node').map((r) => r.url);
    expect(nodeUrls.length).toBeGreaterThan(0);
    expect(nodeUrls.filter((url) => !url.startsWith(`${NODE_API_PREFIX}/`))).toEqual([]);
  });
});
