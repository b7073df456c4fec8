import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { signedInUser } from '../../../test/api.js';
import { applyDemoNetwork } from '../../modules/network/index.js';

// Dynamic responses of 1 KB or more are compressed for clients that accept it (subscription
// files are the big ones real clients fetch every few hours); small ones and clients that accept
// nothing get them as they are; COMPRESS_RESPONSES=false turns it off.
let app: FastifyInstance;
let off: FastifyInstance;
let clashUrl: string;
let offClashUrl: string;

/** The Clash subscription address of a paid user with the demo network's lines. */
async function subscription(instance: FastifyInstance): Promise<string> {
  await applyDemoNetwork(instance.network);
  const user = await signedInUser(instance, { paidUser: true });
  await instance.database.query(
    "UPDATE users SET traffic = 10737418240, vip_expire_time = '2099-01-01T00:00:00Z' WHERE id = $1",
    [user.id],
  );
  const [row] = await instance.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [
    user.id,
  ]);
  return `/api/subscript/clash/${user.id}/${row!.userkey}`;
}

beforeAll(async () => {
  app = await buildTestApp();
  off = await buildTestApp({ env: { COMPRESS_RESPONSES: 'false' } });
  clashUrl = await subscription(app);
  offClashUrl = await subscription(off);
});
afterAll(async () => {
  await app.close();
  await off.close();
});

describe('response compression', () => {
  it('sends a subscription file brotli- or gzip-compressed, byte for byte the same once decoded', async () => {
    const plain = await app.inject({ url: clashUrl });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ url: clashUrl, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await app.inject({ url: clashUrl, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves small answers as they are', async () => {
    const response = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('can be turned off', async () => {
    const response = await off.inject({ url: offClashUrl, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
