import { Codes, encodeRequest } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../test/api.js';
import { buildTestApp, TEST_ADMIN } from '../../../test/build-test-app.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://portal.example.com' } });
});

afterAll(async () => {
  await app.close();
});

const login = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { host: 'bff.internal:8080', ...headers },
    payload: encodeRequest({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });

describe('origin check', () => {
  it('refuses a state-changing call from a foreign origin, before doing anything', async () => {
    const response = await login({ origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(envelopeOf(response).code).toBe(Codes.FORBIDDEN);
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a foreign origin on an API route whose address is spelt with escapes (/%61pi/...)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/%61pi/user/login',
      headers: { host: 'bff.internal:8080', origin: 'https://evil.example' },
      payload: encodeRequest({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses the opaque "null" origin', async () => {
    const response = await login({ origin: 'null' });
    expect(response.statusCode).toBe(403);
  });

  it("accepts the request's own origin, the configured public origin, and calls without Origin", async () => {
    const cases: Array<Record<string, string>> = [
      { origin: 'http://bff.internal:8080' },
      { origin: 'https://portal.example.com' },
      {},
    ];
    for (const headers of cases) {
      const response = await login(headers);
      expect(response.statusCode).toBe(200);
      expect(envelopeOf(response).code).toBe(0);
    }
  });

  it('leaves GET requests alone', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });
});
