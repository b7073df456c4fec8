import { Codes } from '@portal/contracts';
import { EmptyRequest } from '@portal/contracts/schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../../../test/api.js';
import { buildTestApp, createTestDatabase, LogCapture } from '../../../test/build-test-app.js';
import { DomainError } from '../../lib/domain-error.js';

const logs = new LogCapture();
/** A value bound to a failing statement, as a set_config that fails binds epay keys and Apple ID passwords. */
const FAILED_QUERY_SECRET = 'epay-key-7f3a9c-never-logged';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({
    logs,
    configure: (a) => {
      a.post('/api/test/boom', {
        config: { access: 'public', payload: EmptyRequest },
        handler: async () => {
          throw new Error('database password is hunter2 at /srv/secret.ts:12');
        },
      });
      a.post('/api/test/failed-query', {
        config: { access: 'public', payload: EmptyRequest },
        handler: async () => {
          await a.db.execute(sql`SELECT ${FAILED_QUERY_SECRET}::text AS key, 1 / (SELECT 0) AS boom`);
          return {};
        },
      });
      a.post('/api/test/not-allowed', {
        config: { access: 'public', payload: EmptyRequest },
        handler: async () => {
          throw new DomainError(Codes.NOT_ALLOWED);
        },
      });
      a.post('/api/test/forbidden', {
        config: { access: 'public', payload: EmptyRequest },
        handler: async () => {
          throw new DomainError(Codes.FORBIDDEN, '只有管理员可以这样做');
        },
      });
      a.get('/plain/boom', async () => {
        throw new Error('plain secret detail');
      });
    },
  });
});

afterAll(async () => {
  await app.close();
});

describe('error handler', () => {
  it('hides the details of a 5xx, gives the request id, and logs the details', async () => {
    const { status, result, response } = await call(app, '/api/test/boom');
    expect(status).toBe(500);
    expect(result.code).toBe(Codes.INTERNAL);
    expect(response.body).not.toContain('hunter2');
    expect(result.msg).not.toContain('hunter2');
    expect(result.msg).not.toContain('secret');
    const logged = logs.lines.find((l) => l.msg === 'request failed');
    expect(logged).toBeDefined();
    const reqId = String(logged!.reqId);
    expect(reqId.length).toBeGreaterThan(8);
    expect(result.msg).toContain(reqId);
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('logs a failed query with its statement and error code, never the values bound to it', async () => {
    const { status, result } = await call(app, '/api/test/failed-query');
    expect(status).toBe(500);
    expect(result.code).toBe(Codes.INTERNAL);
    const logged = logs.lines.filter((l) => l.msg === 'request failed' && JSON.stringify(l).includes('Failed query'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      err: { message: expect.stringContaining('SELECT $1::text AS key'), code: '22012' },
    });
    expect(JSON.stringify(logs.lines)).not.toContain(FAILED_QUERY_SECRET);
  });

  it('hides 5xx details outside /api as well', async () => {
    const response = await app.inject({ method: 'GET', url: '/plain/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('plain secret detail');
  });

  it('turns a domain error into its code, with HTTP 200 for the spec codes', async () => {
    const { status, result } = await call(app, '/api/test/not-allowed');
    expect(status).toBe(200);
    expect(result).toEqual({ code: Codes.NOT_ALLOWED, data: {}, msg: '该账号不允许这样操作。' });
  });

  it('turns our own codes into their HTTP status', async () => {
    const { status, result } = await call(app, '/api/test/forbidden');
    expect(status).toBe(403);
    expect(result.code).toBe(Codes.FORBIDDEN);
    expect(result.msg).toBe('只有管理员可以这样做');
  });

  it('still answers after a failure', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('database outage', () => {
  it('answers 503 UNAVAILABLE, not a 500, when the database cannot be reached', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    try {
      const cookie = await loginAsAdmin(app);
      await database.dispose();
      const { status, result } = await call(app, '/api/user/userinfo', {}, { cookie });
      expect(status).toBe(503);
      expect(result.code).toBe(Codes.UNAVAILABLE);
      expect(result.msg).toBe('服务暂时不可用，请稍后再试');
    } finally {
      await app.close();
    }
  });
});

describe('malformed URLs', () => {
  it('are answered with a 400 envelope', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/user/%E0%A4%A', payload: '{}' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('data');
  });
});
