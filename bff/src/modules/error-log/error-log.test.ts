import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Codes, encodeRequest, type ErrorLogEntry, type ErrorsCleared } from '@portal/contracts';
import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, signedInAdmin, type Admin } from '../../../test/admin.js';
import { call } from '../../../test/api.js';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';
import { DomainError } from '../../lib/domain-error.js';

let app: FastifyInstance;
let admin: Admin;
const logs = new LogCapture();
const slowAnswers: PassThrough[] = [];

/** What a failed query looks like: drizzle quotes the statement's values in its message. */
class FailedQuery extends Error {
  constructor() {
    super('Failed query: update "agents" set "ssh_password" = $1\nparams: ssh-secret-value');
    this.name = 'DrizzleQueryError';
    this.cause = new Error('relation "agents" is locked');
  }
}

beforeAll(async () => {
  app = await buildTestApp({
    logs,
    configure: (instance) => {
      // Test-only routes that fail in the ways the error handler meets.
      instance.post('/api/test/boom', {
        config: { access: 'public', payload: EmptyRequest },
        handler: async () => {
          throw new TypeError('boom: cannot read properties of undefined');
        },
      });
      instance.post('/api/test/query', {
        config: { access: 'public', payload: EmptyRequest },
        handler: async () => {
          throw new FailedQuery();
        },
      });
      // An answer still being made when the client gives up (a stream that has sent nothing yet).
      instance.post('/api/test/slow', {
        config: { access: 'public', payload: EmptyRequest },
        handler: async (_request, reply) => {
          slowAnswers.push(new PassThrough());
          return reply.type('application/json').send(slowAnswers.at(-1));
        },
      });
      instance.post('/api/test/refused', {
        config: { access: 'public', payload: EmptyRequest },
        handler: async () => {
          throw new DomainError(Codes.NOT_ALLOWED);
        },
      });
    },
  });
  admin = await signedInAdmin(app);
});
afterAll(async () => {
  await app.close();
});

const list = async (num?: number) =>
  (await admin.post<ErrorLogEntry[]>('/api/admin/errors/list', num === undefined ? {} : { num })).data;

describe('the error log', () => {
  it('keeps an unexpected error: name, message, stack frames, method, path and request id, never the request’s secrets', async () => {
    const { status, result } = await call(
      app,
      '/api/test/boom?token=query-secret',
      { password: 'payload-secret' },
      { cookie: 'sid=cookie-secret' },
    );
    expect(status).toBe(500);
    expect(result.code).toBe(Codes.INTERNAL);
    const requestId = /请求编号 ([0-9a-f-]+)/.exec(result.msg)![1]!;

    const [entry] = await list();
    expect(entry).toMatchObject({
      name: 'TypeError',
      msg: 'boom: cannot read properties of undefined',
      method: 'POST',
      url: '/api/test/boom',
      requestId,
    });
    expect(entry!.stack).toMatch(/^\s+at /);
    expect(Date.now() - Date.parse(entry!.createTime)).toBeLessThan(60_000);
    const stored = JSON.stringify(await app.database.query('SELECT * FROM error_log'));
    for (const secret of ['query-secret', 'payload-secret', 'cookie-secret']) expect(stored).not.toContain(secret);
  });

  it('drops the values a failed query quotes, keeping the driver’s reason', async () => {
    expect((await call(app, '/api/test/query')).status).toBe(500);
    const [entry] = await list();
    expect(entry).toMatchObject({
      name: 'DrizzleQueryError',
      msg: 'Failed query: update "agents" set "ssh_password" = $1 ← relation "agents" is locked',
    });
    expect(JSON.stringify(await app.database.query('SELECT * FROM error_log'))).not.toContain('ssh-secret-value');
  });

  it('keeps nothing of refusals and callers’ mistakes', async () => {
    const before = (await list()).length;
    expect((await call(app, '/api/test/refused')).result.code).toBe(Codes.NOT_ALLOWED);
    const junk = await app.inject({ method: 'POST', url: '/api/test/boom', payload: { data: '%%% not base64' } });
    expect(junk.statusCode).toBe(400);
    expect((await list()).length).toBe(before);
  });

  it('keeps nothing of a client that disconnects before its answer: logged at info, no 500 (issue 23)', async () => {
    const before = (await list()).length;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify(encodeRequest({}));
    const answered = slowAnswers.length;
    const closed = new Promise<void>((resolve) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/test/slow',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        () => resolve(),
      );
      req.on('error', () => resolve());
      req.end(body);
      // Gone once the answer's stream exists, before it has sent a byte.
      void (async () => {
        while (slowAnswers.length === answered) await sleep(10);
        req.destroy();
      })();
    });
    await closed;
    await expect
      .poll(() => logs.messages().includes('client closed the connection before the answer'), { timeout: 5000 })
      .toBe(true);
    await sleep(100);
    expect((await list()).length).toBe(before);
    expect(
      logs.lines.some(
        (l) =>
          l.msg === 'request failed' &&
          String((l.err as { message?: string } | undefined)?.message).includes('Premature close'),
      ),
    ).toBe(false);
  });

  it('never changes the answer when the log cannot be written', async () => {
    await app.database.query('ALTER TABLE error_log RENAME TO error_log_away');
    try {
      const { status, result } = await call(app, '/api/test/boom');
      expect(status).toBe(500);
      expect(result.code).toBe(Codes.INTERNAL);
    } finally {
      await app.database.query('ALTER TABLE error_log_away RENAME TO error_log');
    }
    expect(logs.messages()).toContain('an unexpected error could not be reported');
    expect((await call(app, '/api/host/get')).status).toBe(200);
  });
});

describe('errors/list and errors/clear', () => {
  it('lists the last num days (7 by default), newest first, and clear answers how many went', async () => {
    await app.database.query(
      `INSERT INTO error_log (id, created_at, name, msg) VALUES ('old-8', now() - interval '8 days', 'Error', 'eight days ago'),
        ('old-3', now() - interval '3 days', 'Error', 'three days ago')`,
    );
    const week = await list();
    expect(week.map((e) => e.msg)).toContain('three days ago');
    expect(week.map((e) => e.msg)).not.toContain('eight days ago');
    expect(week.at(-1)!.msg).toBe('three days ago');
    expect((await list(30)).map((e) => e.msg)).toContain('eight days ago');
    expect((await list(1)).map((e) => e.msg)).not.toContain('three days ago');

    const total = (await list(30)).length;
    const cleared = await admin.post<ErrorsCleared>('/api/admin/errors/clear');
    expect(cleared).toMatchObject({ code: 0, data: { deletedCount: total } });
    expect(await list(30)).toEqual([]);
    expect((await auditOf(app, 'error_log', '*')).at(-1)).toMatchObject({
      action: 'action',
      detail: 'clear',
      operator_id: admin.id,
      after: { deletedCount: total },
    });
  });

  it('refuses a num out of range', async () => {
    expect((await admin.post('/api/admin/errors/list', { num: 0 })).code).toBe(Codes.INVALID_PAYLOAD);
  });
});
