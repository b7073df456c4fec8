// The orphan cleanup (job uploads.orphan-cleanup): uploads an avatar, a prize, a ticket or a ticket
// comment refers to are kept, and so are recent ones nothing refers to yet (a form still being
// filled in); older ones nothing refers to are deleted, in batches (PGlite, and PostgreSQL with
// TEST_DATABASE_URL).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type Admin } from '../../../test/admin.js';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { uploadedImageUrl } from '../../../test/images.js';
import { DOWNLOAD_PREFIX, ORPHAN_GRACE_MS } from './service.js';

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => {
  app = await buildTestApp();
  await app.jobs.stop();
  admin = await signedInAdmin(app);
});
afterAll(() => app.close());

const nameOf = (url: string) => url.slice(DOWNLOAD_PREFIX.length);
const stored = async (urls: string[]) =>
  (await app.database.query<{ name: string }>('SELECT name FROM uploads WHERE name = ANY($1)', [urls.map(nameOf)]))
    .map((r) => DOWNLOAD_PREFIX + r.name)
    .sort();
/** Moves an upload's creation back by `ms` (as if it had been uploaded that long ago). */
const age = (url: string, ms: number) =>
  app.database.query('UPDATE uploads SET created_at = created_at - make_interval(secs => $2) WHERE name = $1', [
    nameOf(url),
    ms / 1000,
  ]);
const OLD = ORPHAN_GRACE_MS + 3_600_000;

async function mustPost(cookie: string, path: string, payload: object) {
  const { result } = await call(app, path, payload, { cookie });
  if (result.code !== 0) throw new Error(`${path}: ${result.code} ${result.msg}`);
  return result.data;
}

describe('uploads.orphan-cleanup', () => {
  it('keeps referenced uploads and recent orphans, deletes old orphans', async () => {
    const user = await signedInUser(app);
    const avatar = await uploadedImageUrl(app, user.cookie, 'avatar');
    const replacedAvatar = await uploadedImageUrl(app, user.cookie, 'avatar');
    const ticketImage = await uploadedImageUrl(app, user.cookie, 'ticket');
    const commentImage = await uploadedImageUrl(app, user.cookie, 'ticket');
    const prizeImage = await uploadedImageUrl(app, admin.cookie, 'prize');
    const deletedPrizeImage = await uploadedImageUrl(app, admin.cookie, 'prize');
    const abandoned = await uploadedImageUrl(app, user.cookie, 'ticket');
    const fresh = await uploadedImageUrl(app, user.cookie, 'ticket');

    await mustPost(user.cookie, '/api/user/change_use_info', { icon: replacedAvatar });
    await mustPost(user.cookie, '/api/user/change_use_info', { icon: avatar });
    const ticket = (await mustPost(user.cookie, '/api/feedback/create', {
      title: '截图',
      desc: '见图',
      imageUrl: ticketImage,
    })) as {
      _id: string;
    };
    await mustPost(user.cookie, '/api/feedback/response', { id: ticket._id, desc: '再一张', imageUrl: commentImage });
    const prize = {
      name: '奖品',
      gainTraffic: 1,
      gainVipTime: 0,
      weight: 1,
      desc: '',
      hasDiscountCoupon: false,
      discountValue: 1,
      discountDuration: 1,
    };
    await mustPost(admin.cookie, '/api/yunying/prize/update', { ...prize, photoUrl: prizeImage });
    const gone = (await mustPost(admin.cookie, '/api/yunying/prize/update', {
      ...prize,
      photoUrl: deletedPrizeImage,
    })) as {
      _id: string;
    };
    await app.database.query('UPDATE prizes SET deleted_at = now() WHERE id = $1', [gone._id]);

    const referenced = [avatar, ticketImage, commentImage, prizeImage, deletedPrizeImage];
    for (const url of [...referenced, replacedAvatar, abandoned]) await age(url, OLD);
    // Just inside the grace period: a form still open.
    await age(fresh, ORPHAN_GRACE_MS - 60_000);

    await app.jobs.runNow('uploads.orphan-cleanup');
    expect(await stored([...referenced, replacedAvatar, abandoned, fresh])).toEqual([...referenced, fresh].sort());
    // The kept images are still served.
    expect((await app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: abandoned })).statusCode).toBe(404);
    const [run] = (await app.jobs.status()).filter((s) => s.name === 'uploads.orphan-cleanup');
    expect(run).toMatchObject({ lastOk: true });

    // Once the form's image is past the grace period with nothing referring to it, it goes too.
    await age(fresh, 120_000);
    expect(await app.uploads.deleteOrphans()).toBe(1);
    expect(await stored([...referenced, fresh])).toEqual([...referenced].sort());
  });

  it('goes through every old orphan in batches, and a second run finds nothing', async () => {
    const user = await signedInUser(app);
    const orphans = [];
    for (let i = 0; i < 5; i += 1) orphans.push(await uploadedImageUrl(app, user.cookie, 'avatar'));
    await mustPost(user.cookie, '/api/user/change_use_info', { icon: orphans[4] });
    for (const url of orphans) await age(url, OLD);

    expect(await app.uploads.deleteOrphans({ batch: 2 })).toBe(4);
    expect(await stored(orphans)).toEqual([orphans[4]]);
    expect(await app.uploads.deleteOrphans({ batch: 2 })).toBe(0);
  });
});
