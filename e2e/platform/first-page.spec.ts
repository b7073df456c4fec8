// What a first visit costs on the wire (the budget of docs/architecture.md, "First page"): the
// bytes are stable, so they are guarded here; the throttled times are measured by `npm run size`.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { BOOT_DATA_ID, messages, type BootData } from '@portal/contracts';
import { seeded } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { loginAs } from '../support/session';
import { expectToast } from '../support/ui';

const JS_BUDGET = 200_000;
const REPEAT_BUDGET = 15_000;

interface Seen {
  url: string;
  bytes: number;
  mime: string;
  encoding: string;
  done: boolean;
  fromCache: boolean;
}

/** Every request of the page with its bytes on the wire (DevTools protocol, compressed sizes). */
async function recordWire(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (e) =>
    seen.set(e.requestId, { url: e.request.url, bytes: 0, mime: '', encoding: '', done: false, fromCache: false }),
  );
  cdp.on('Network.responseReceived', (e) => {
    const r = seen.get(e.requestId);
    if (!r) return;
    r.mime = e.response.mimeType;
    r.encoding = String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '');
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) Object.assign(r, { bytes: e.encodedDataLength, done: true });
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.done = true;
  });
  return {
    all: () => [...seen.values()],
    /** Nothing in flight for a second. */
    idle: async () => {
      let quietSince = Date.now();
      await expect
        .poll(
          () => {
            if ([...seen.values()].some((r) => !r.done)) quietSince = Date.now();
            return Date.now() - quietSince >= 1000;
          },
          { timeout: 20_000, intervals: [100] },
        )
        .toBe(true);
    },
  };
}

const isScript = (r: Seen) => /javascript/.test(r.mime);
const isAdmin = (r: Seen) => r.url.startsWith(e2eEnv.adminHostUrl) || /mf[-_]admin/.test(r.url);
const total = (list: Seen[]) => list.reduce((sum, r) => sum + r.bytes, 0);

for (const { path, usable } of [
  { path: '/#/login', usable: (page: Page) => page.locator('input[type="password"]') },
  { path: '/', usable: (page: Page) => page.getByTestId('start-using-card') },
]) {
  test(`a visitor's first visit of ${path} stays within the wire budget, compressed, with nothing of other remotes`, async ({
    page,
  }) => {
    const wire = await recordWire(page);
    await page.goto(path);
    await expect(usable(page).first()).toBeVisible();
    await wire.idle();
    const requests = wire.all();
    const scripts = requests.filter(isScript);
    expect(scripts.length).toBeGreaterThan(5);
    // Every script comes compressed (the build's brotli copies).
    expect(scripts.filter((r) => r.encoding !== 'br').map((r) => r.url)).toEqual([]);
    expect(total(scripts), 'JavaScript bytes on the wire').toBeLessThanOrEqual(JS_BUDGET);
    expect(requests.filter(isAdmin).map((r) => r.url)).toEqual([]);
    // Only the route's own remote (mf-user) is fetched; the tutorials live on another origin.
    expect(
      requests.filter((r) => /mf-shop|mf-tutorials/.test(r.url) || r.url.startsWith(e2eEnv.remoteHostUrl)),
    ).toEqual([]);
    // Preloads are reused: no address goes to the server twice.
    const urls = requests.filter((r) => !r.fromCache).map((r) => r.url);
    expect(urls.filter((url, i) => urls.indexOf(url) !== i)).toEqual([]);

    // A repeat visit: hashed files from the cache, the page, manifest and entry revalidated.
    const again = await page.context().newPage();
    const repeat = await recordWire(again);
    await again.goto(path);
    await expect(usable(again).first()).toBeVisible();
    await repeat.idle();
    expect(total(repeat.all()), 'repeat-visit bytes').toBeLessThan(REPEAT_BUDGET);
  });
}

test('the page carries its run-time config and preloads the route remote, and no inline script runs but the first paint ones, by their hashes', async ({
  page,
}) => {
  await page.goto('/#/login');
  const text = await page.locator(`script#${BOOT_DATA_ID}`).textContent();
  const boot = JSON.parse(text ?? '') as BootData;
  expect(boot.preload.mf_admin).toBeUndefined();
  expect(boot.routes['/login']).toEqual(['mf_user', 'login']);
  const preloaded = await page
    .locator('link[rel="preload"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(preloaded).toContain(new URL(boot.preload.mf_user!.manifest, e2eEnv.baseUrl).href);
  expect(preloaded).toContain(new URL(boot.preload.mf_user!.pages!.login![0]!, e2eEnv.baseUrl).href);
  const csp = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc.match(/'sha256-/g)).toHaveLength(2);
});

/** Holds a page's own chunk until `release()`: the first paint stays up until then. */
async function holdLoginChunk(page: Page, pageKey = 'login') {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/page-${pageKey}.*.js`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a visitor signs in on the first paint before the scripts have run; the app keeps the typing and sends the held submit', async ({
  page,
}) => {
  const release = await holdLoginChunk(page);
  await page.goto('/#/login', { waitUntil: 'commit' });
  const drawing = page.locator('#first-paint');
  await drawing.locator('input[name="email"]').fill(seeded.normal.email);
  await drawing.locator('input[name="password"]').fill(seeded.normal.password);
  await drawing.locator('input[name="password"]').press('Enter');
  // Nothing was sent: the app is not there yet, its root laid out but invisible.
  await expect(page.locator('#root')).toBeHidden();
  expect((await page.context().cookies()).some((c) => c.name === 'sid')).toBe(false);
  release();
  await expect(page).toHaveURL(/#\/$/);
  await expect(drawing).toHaveCount(0);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'sid')).toBe(true);
  await expect(page.getByRole('link', { name: '登录', exact: true })).toHaveCount(0);
  // A session's page comes without the drawing.
  expect(await (await page.request.get('/')).text()).not.toContain('data-first-paint');
});

test('a press begun on the first paint and ended on the app still signs in', async ({ page }) => {
  const release = await holdLoginChunk(page);
  await page.goto('/#/login', { waitUntil: 'commit' });
  const drawing = page.locator('#first-paint');
  await drawing.locator('input[name="email"]').fill(seeded.normal.email);
  await drawing.locator('input[name="password"]').fill(seeded.normal.password);
  const button = await drawing.getByRole('button', { name: '登录', exact: true }).boundingBox();
  if (!button) throw new Error('the drawn login button has no box');
  await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
  await page.mouse.down();
  // The app takes over while the finger is still down: the press ends on the app's button.
  release();
  await expect(drawing).toHaveCount(0);
  await page.mouse.up();
  await expect(page).toHaveURL(/#\/$/);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'sid')).toBe(true);
});

test('typing on the first paint carries over to the field of the app, with the focus', async ({ page }) => {
  const release = await holdLoginChunk(page);
  await page.goto('/#/login', { waitUntil: 'commit' });
  await page.locator('#first-paint input[name="email"]').pressSequentially('early@example');
  // The app is not ready while its page's chunk is held: no portal:ready mark yet (issue 29).
  const readyMarks = () => page.evaluate(() => performance.getEntriesByName('portal:ready').length);
  expect(await readyMarks()).toBe(0);
  release();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect.poll(readyMarks).toBe(1);
  const email = page.locator('#root input[name="email"]');
  await expect(email).toHaveValue('early@example');
  await expect(email).toBeFocused();
  // Typing goes on in the app's field.
  await page.keyboard.type('.com');
  await expect(email).toHaveValue('early@example.com');
});

test('a press on the first paint does what the app does, once it has taken over', async ({ page }) => {
  const release = await holdLoginChunk(page, 'dashboard');
  await page.goto('/', { waitUntil: 'commit' });
  const drawing = page.locator('#first-paint');
  // The shared Apple ID is a link: the app answers it with a toast for a visitor, never by
  // following it, so the drawing must not follow it either.
  await drawing.getByTestId('apple-id-link').click();
  await expect(drawing).toBeVisible();
  await expect(page).toHaveURL(/\/(#\/?)?$/);
  release();
  await expect(drawing).toHaveCount(0);
  await expectToast(page, messages.appleId.loginFirst);
  await expect(page).toHaveURL(/\/(#\/?)?$/);
});

for (const who of ['a normal user', 'a visitor'] as const) {
  test(`${who} never fetches anything of mf-admin, even pointing at every menu entry`, async ({ page }) => {
    if (who === 'a normal user') await loginAs(page, seeded.normal.email, seeded.normal.password);
    const wire = await recordWire(page);
    await page.goto('/#/');
    await expect(page.getByTestId('start-using-card')).toBeVisible();
    for (const entry of await page.getByRole('navigation', { name: '主菜单' }).getByRole('link').all()) {
      await entry.hover();
    }
    await wire.idle();
    expect(
      wire
        .all()
        .filter(isAdmin)
        .map((r) => r.url),
    ).toEqual([]);
  });
}

test('pointing at a menu entry fetches its remote before the click', async ({ page }) => {
  const wire = await recordWire(page);
  await page.goto('/#/');
  await expect(page.getByTestId('start-using-card')).toBeVisible();
  await wire.idle();
  expect(wire.all().some((r) => r.url.includes('/remotes/mf-shop/'))).toBe(false);
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '商店' }).hover();
  await expect.poll(() => wire.all().some((r) => r.url.includes('/remotes/mf-shop/remoteEntry.js'))).toBe(true);
});
