// Image uploads (QUALITY 4): size, types decided by the bytes, generated names, who may read what,
// and the headers images are served with; on the real database.
import { Codes, decodeResponse } from '@portal/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { images, uploadImage } from '../../../test/images.js';
import { UPLOADS_PER_WINDOW } from './routes.js';
import { MAX_IMAGE_BYTES } from './service.js';

let app: FastifyInstance;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  app = await buildTestApp();
  alice = await signedInUser(app);
  bob = await signedInUser(app);
  admin = await signedInUser(app, { type: 'admin' });
});
afterAll(() => app.close());

const resultOf = (response: LightMyRequestResponse) =>
  decodeResponse<{ file: { filename: string; url: string } }>(response.json());
const storedCount = async () =>
  Number((await app.database.query<{ n: string }>('SELECT count(*) AS n FROM uploads'))[0]!.n);
const download = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });

describe('POST /api/file/upload', () => {
  it.each([
    ['png', images.png, 'image/png'],
    ['jpg', images.jpg, 'image/jpeg'],
    ['webp', images.webp, 'image/webp'],
  ] as const)('stores a %s under a generated name and serves it with its real type', async (ext, content, mime) => {
    const response = await uploadImage(app, {
      cookie: alice.cookie,
      content,
      filename: `../../etc/passwd.${ext}`,
      contentType: 'text/plain',
    });
    const result = resultOf(response);
    expect(result.code).toBe(0);
    expect(result.data.file.filename).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
    expect(result.data.file.url).toBe(`/api/file/downloads/${result.data.file.filename}`);

    const served = await download(result.data.file.url, alice.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(content)).toBe(true);
  });

  it.each([
    ['an HTML page named .png and declared image/png', images.html, 'x.png', 'image/png'],
    ['an SVG with script', images.svg, 'x.svg', 'image/svg+xml'],
    ['a GIF (not an accepted type)', images.gif, 'x.jpg', 'image/jpeg'],
    ['a PNG signature followed by nothing', images.png.subarray(0, 4), 'x.png', 'image/png'],
  ])(
    'refuses %s, whatever its name and declared type, and stores nothing',
    async (_label, content, filename, contentType) => {
      const before = await storedCount();
      const response = await uploadImage(app, { cookie: alice.cookie, content, filename, contentType });
      expect(resultOf(response).code).toBe(Codes.UNSUPPORTED_MEDIA);
      expect(await storedCount()).toBe(before);
    },
  );

  it('refuses a file over 4 MB with 图片限制在4M内 and stores nothing; exactly 4 MB is accepted', async () => {
    const before = await storedCount();
    const tooLarge = Buffer.concat([images.png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - images.png.length)]);
    const refused = resultOf(await uploadImage(app, { cookie: alice.cookie, content: tooLarge }));
    expect(refused).toMatchObject({ code: Codes.PAYLOAD_TOO_LARGE, msg: '图片限制在4M内' });
    expect(await storedCount()).toBe(before);

    const atLimit = Buffer.concat([images.png, Buffer.alloc(MAX_IMAGE_BYTES - images.png.length)]);
    expect(resultOf(await uploadImage(app, { cookie: alice.cookie, content: atLimit })).code).toBe(0);
  });

  it('needs a session: cookie or bearer token; anonymous callers store nothing', async () => {
    const before = await storedCount();
    const anonymous = await uploadImage(app, { content: images.png });
    expect(resultOf(anonymous).code).toBe(Codes.SESSION_EXPIRED);
    const forged = await uploadImage(app, { content: images.png, authorization: 'Bearer not-a-session' });
    expect(resultOf(forged).code).toBe(Codes.SESSION_EXPIRED);
    expect(await storedCount()).toBe(before);

    const token = alice.cookie.split('=')[1]!;
    const withBearer = await uploadImage(app, { content: images.png, authorization: `Bearer ${token}` });
    expect(resultOf(withBearer).code).toBe(0);
  });

  it('refuses a JSON envelope, two files, an unknown purpose, and prize images from users', async () => {
    const envelope = await app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload: { data: 'e30=' },
      headers: { cookie: alice.cookie },
    });
    expect(decodeResponse(envelope.json()).code).toBe(Codes.UNSUPPORTED_MEDIA);
    expect(
      resultOf(await uploadImage(app, { cookie: alice.cookie, content: images.png, purpose: 'anything' })).code,
    ).toBe(Codes.INVALID_PAYLOAD);
    expect(resultOf(await uploadImage(app, { cookie: alice.cookie, content: images.png, purpose: 'prize' })).code).toBe(
      Codes.FORBIDDEN,
    );
    expect(resultOf(await uploadImage(app, { cookie: admin.cookie, content: images.png, purpose: 'prize' })).code).toBe(
      0,
    );
  });

  it('refuses more than 30 uploads per user in 10 minutes with 4029; others are not slowed', async () => {
    const busy = await signedInUser(app);
    for (let i = 0; i < UPLOADS_PER_WINDOW; i += 1)
      expect(resultOf(await uploadImage(app, { cookie: busy.cookie, content: images.png })).code).toBe(0);
    expect(resultOf(await uploadImage(app, { cookie: busy.cookie, content: images.png })).code).toBe(
      Codes.RATE_LIMITED,
    );
    expect(resultOf(await uploadImage(app, { cookie: bob.cookie, content: images.png })).code).toBe(0);
  });
});

describe('GET /api/file/downloads/:filename', () => {
  it('serves a ticket image to its owner and admins only; others and anonymous get 404', async () => {
    const { url } = resultOf(await uploadImage(app, { cookie: alice.cookie, content: images.png, purpose: 'ticket' }))
      .data.file;
    expect((await download(url, alice.cookie)).statusCode).toBe(200);
    expect((await download(url, admin.cookie)).statusCode).toBe(200);
    expect((await download(url, bob.cookie)).statusCode).toBe(404);
    expect((await download(url)).statusCode).toBe(404);
    expect((await download(url, alice.cookie)).headers['cache-control']).toContain('private');
  });

  it('serves avatars to anyone, cached for good', async () => {
    const { url } = resultOf(await uploadImage(app, { cookie: alice.cookie, content: images.jpg, purpose: 'avatar' }))
      .data.file;
    const served = await download(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it.each([
    '../../package.json',
    '%2e%2e%2fpackage.json',
    'abc.png',
    `${'0'.repeat(32)}.png`,
    `${'0'.repeat(32)}.html`,
  ])('answers 404 for names it did not generate (%s)', async (name) => {
    expect((await download(`/api/file/downloads/${name}`, admin.cookie)).statusCode).toBe(404);
  });
});
