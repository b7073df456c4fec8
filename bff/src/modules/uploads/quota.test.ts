// Uploads have a total per user (UPLOAD_QUOTA_MB): the rate limit alone lets a user keep 30 × 4 MB
// every 10 minutes for good once referenced. Here the quota is 4 MB, so a few images reach it.
import { Codes, decodeResponse, type AdminUser } from '@portal/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type Admin } from '../../../test/admin.js';
import { signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { images, uploadImage } from '../../../test/images.js';

const MB = 1024 * 1024;
let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => {
  app = await buildTestApp({ env: { UPLOAD_QUOTA_MB: '4' } });
  admin = await signedInAdmin(app);
});
afterAll(() => app.close());

/** A PNG of exactly `bytes` bytes (the signature and header, then padding). */
const pngOf = (bytes: number) => Buffer.concat([images.png, Buffer.alloc(bytes - images.png.length)]);
const codeOf = (response: LightMyRequestResponse) => decodeResponse(response.json());
const storedBytes = async (ownerId: string) =>
  Number(
    (
      await app.database.query<{ n: string }>(
        'SELECT coalesce(sum(size), 0)::text AS n FROM uploads WHERE owner_id = $1',
        [ownerId],
      )
    )[0]!.n,
  );

describe('the upload quota per user', () => {
  it('refuses an upload past the total with 上传的图片总量限制在4M内 and stores nothing; the admin user detail shows the total', async () => {
    const user = await signedInUser(app);
    expect(codeOf(await uploadImage(app, { cookie: user.cookie, content: pngOf(3 * MB) })).code).toBe(0);
    expect(codeOf(await uploadImage(app, { cookie: user.cookie, content: pngOf(MB - 100) })).code).toBe(0);

    const refused = codeOf(await uploadImage(app, { cookie: user.cookie, content: pngOf(200) }));
    expect(refused).toMatchObject({ code: Codes.PAYLOAD_TOO_LARGE, msg: '上传的图片总量限制在4M内' });
    expect(await storedBytes(user.id)).toBe(4 * MB - 100);
    // What is left still fits.
    expect(codeOf(await uploadImage(app, { cookie: user.cookie, content: pngOf(100) })).code).toBe(0);

    const detail = await admin.post<AdminUser>('/api/admin/users/user', { uid: user.id });
    expect(detail.data.uploadBytes).toBe(4 * MB);
    const other = await signedInUser(app);
    expect(codeOf(await uploadImage(app, { cookie: other.cookie, content: pngOf(3 * MB) })).code).toBe(0);
  });

  it('holds under uploads sent at once: only what fits is stored', async () => {
    const user = await signedInUser(app);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => uploadImage(app, { cookie: user.cookie, content: pngOf(1.5 * MB) })),
    );
    const codes = answers.map((answer) => codeOf(answer).code).sort();
    expect(codes).toEqual([0, 0, Codes.PAYLOAD_TOO_LARGE, Codes.PAYLOAD_TOO_LARGE]);
    expect(await storedBytes(user.id)).toBe(3 * MB);
  });

  it('does not limit operators (prize images are theirs to keep)', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(
        codeOf(await uploadImage(app, { cookie: admin.cookie, content: pngOf(2 * MB), purpose: 'prize' })).code,
      ).toBe(0);
    }
    expect(await storedBytes(admin.id)).toBe(6 * MB);
  });
});
