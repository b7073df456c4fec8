import { Codes, encodeResponse, type ApiResult } from '@portal/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from './api-client.js';
import { setNotifier, type Notice } from './notify.js';
import { USERINFO_CHANGE_EVENT, useSession } from './session.js';

/**
 * The session store and the API client as they run in the page, with the browser globals they
 * read (`window` for the event, `location` for the origin, `document.cookie`) given as the smallest
 * objects that behave like them, and the BFF's answers served by a `fetch` that knows a few paths.
 */
type Answer = { status?: number; body: string };
const answers = new Map<string, Answer>();
const envelope = <T>(result: ApiResult<T>): Answer => ({ body: JSON.stringify(encodeResponse(result)) });
const ORIGIN = 'https://portal.example.com';

const notices: Notice[] = [];
let events: Array<{ user: unknown; permissions: unknown[] }> = [];

beforeAll(() => {
  const page = new EventTarget();
  vi.stubGlobal('window', page);
  vi.stubGlobal('location', { protocol: 'https:', host: 'portal.example.com', hash: '' });
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('fetch', async (input: Request | string) => {
    const url = new URL(typeof input === 'string' ? input : input.url);
    const answer = url.origin === ORIGIN ? answers.get(url.pathname) : undefined;
    if (answer === undefined) return new Response('not found', { status: 404 });
    return new Response(answer.body, { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  page.addEventListener(USERINFO_CHANGE_EVENT, () => {
    const { user, permissions } = useSession.getState();
    events.push({ user, permissions });
  });
  setNotifier((notice) => notices.push(notice));
});

afterAll(() => {
  vi.unstubAllGlobals();
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
    answers.set(
      '/api/user/userinfo',
      envelope({ code: Codes.OK, msg: 'ok', data: { _id: 'u1', email: 'a@example.com' } }),
    );
    answers.set('/api/permission/mypermissions', envelope({ code: Codes.OK, msg: 'ok', data: [{ _id: 'p1' }] }));

    await useSession.getState().refresh();

    expect(events).toEqual([
      { user: { _id: 'u1', email: 'a@example.com' }, permissions: [] },
      { user: { _id: 'u1', email: 'a@example.com' }, permissions: [{ _id: 'p1' }] },
    ]);
  });

  it('is raised once with no user when the session has expired, and nothing is toasted', async () => {
    useSession.setState({ user: { _id: 'u1' } as never });
    answers.set('/api/user/userinfo', envelope({ code: Codes.SESSION_EXPIRED, msg: '登录过期', data: {} }));

    expect(await useSession.getState().refresh()).toBeNull();

    expect(events).toEqual([{ user: null, permissions: [] }]);
    expect(notices).toEqual([]);
  });

  it('is raised after logout with the user gone', async () => {
    useSession.setState({ user: { _id: 'u1' } as never, permissions: [{ _id: 'p1' }] as never });
    answers.set('/api/user/logout', envelope({ code: Codes.OK, msg: 'ok', data: {} }));

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
