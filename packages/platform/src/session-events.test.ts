import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Codes, encodeResponse, type ApiResult } from '@portal/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from './api-client.js';
import { setNotifier, type Notice } from './notify.js';
import { USERINFO_CHANGE_EVENT, useSession } from './session.js';

/**
 * The session store and the API client against a real HTTP server on this machine, with the
 * browser globals they read (`window` for the event, `location` for the origin, `document.cookie`)
 * given as the smallest objects that behave like them.
 */
type Answer = { status?: number; body: string };
const answers = new Map<string, Answer>();
const envelope = <T>(result: ApiResult<T>): Answer => ({ body: JSON.stringify(encodeResponse(result)) });

let server: Server;
const notices: Notice[] = [];
let events: Array<{ user: unknown; permissions: unknown[] }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '') ?? { status: 404, body: 'not found' };
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const page = new EventTarget();
  vi.stubGlobal('window', page);
  vi.stubGlobal('location', { protocol: 'http:', host: `127.0.0.1:${port}`, hash: '' });
  vi.stubGlobal('document', { cookie: '' });
  page.addEventListener(USERINFO_CHANGE_EVENT, () => {
    const { user, permissions } = useSession.getState();
    events.push({ user, permissions });
  });
  setNotifier((notice) => notices.push(notice));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  answers.clear();
  notices.length = 0;
  events = [];
  useSession.setState({ user: null, permissions: [], status: 'unknown' });
});
afterEach(() => vi.restoreAllMocks());

describe(`the ${USERINFO_CHANGE_EVENT} event (spec-1 §4)`, () => {
  it('is raised once the user info is in the store, and again once the permissions are', async () => {
    answers.set('/api/user/userinfo', envelope({ code: Codes.OK, data: { _id: 'u1', email: 'a@example.com' } }));
    answers.set('/api/permission/mypermissions', envelope({ code: Codes.OK, data: [{ _id: 'p1' }] }));

    await useSession.getState().refresh();

    expect(events).toEqual([
      { user: { _id: 'u1', email: 'a@example.com' }, permissions: [] },
      { user: { _id: 'u1', email: 'a@example.com' }, permissions: [{ _id: 'p1' }] },
    ]);
  });

  it('is raised once with no user when the session has expired, and nothing is toasted', async () => {
    useSession.setState({ user: { _id: 'u1' } as never });
    answers.set('/api/user/userinfo', envelope({ code: Codes.SESSION_EXPIRED, data: {} }));

    expect(await useSession.getState().refresh()).toBeNull();

    expect(events).toEqual([{ user: null, permissions: [] }]);
    expect(notices).toEqual([]);
  });

  it('is raised after logout with the user gone', async () => {
    useSession.setState({ user: { _id: 'u1' } as never, permissions: [{ _id: 'p1' }] as never });
    answers.set('/api/user/logout', envelope({ code: Codes.OK, data: {} }));

    await useSession.getState().logout();

    expect(events).toEqual([{ user: null, permissions: [] }]);
  });
});

describe('an answer the client cannot parse (spec: log it, show nothing broken)', () => {
  it.each([
    ['not JSON at all', '<html>502 Bad Gateway</html>'],
    ['JSON without the envelope', '{"code":0}'],
    ['an envelope whose data is not base64 JSON', '{"data":"%%%"}'],
  ])('%s: logged, no toast, no throw, an empty result', async (_name, body) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answers.set('/api/user/userinfo', { body });

    const result = await call('user/userinfo');

    expect(result).toEqual({ status: 200, code: -1, data: {}, msg: '' });
    expect(log).toHaveBeenCalledWith('unparseable response', 'user/userinfo', expect.anything());
    expect(notices).toEqual([]);
  });

  it('settles the session (no endless loading) without a toast when the user info cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answers.set('/api/user/userinfo', { body: 'garbage' });

    await useSession.getState().refresh();

    expect(notices).toEqual([]);
    expect(useSession.getState().status).toBe('ready');
  });
});
