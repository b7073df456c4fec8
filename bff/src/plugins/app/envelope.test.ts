import { bytesToBase64, Codes, decodeResponse, encodeJson, encodeRequest, MAX_ENVELOPE_BYTES } from '@portal/contracts';
import { Type } from '@sinclair/typebox';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, envelopeOf } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { payloadOf } from './envelope.js';

const Echo = Type.Object({
  text: Type.String({ maxLength: 1000 }),
  nested: Type.Optional(Type.Object({ count: Type.Integer({ minimum: 0 }) })),
});

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({
    configure: (a) => {
      a.post('/api/test/echo', {
        config: { access: 'public', payload: Echo },
        handler: async (request, reply) => {
          const payload = payloadOf(request, Echo);
          return reply.envelope({ ...payload, keys: Object.keys(payload) }, '收到');
        },
      });
    },
  });
});

afterAll(async () => {
  await app.close();
});

const post = (payload: string | Buffer, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/api/test/echo', payload, headers: { 'content-type': contentType } });

/** Every refusal must be a 4xx carrying an envelope with a code and a message. */
function expectRefusal(response: Awaited<ReturnType<typeof post>>, code?: number) {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  const result = envelopeOf(response);
  expect(result.code).not.toBe(0);
  expect(result.msg.length).toBeGreaterThan(0);
  if (code !== undefined) expect(result.code).toBe(code);
  return result;
}

describe('envelope', () => {
  it('round-trips Chinese text and emoji through base64 of UTF-8', async () => {
    const text = '云梯加速：安全、快速 🚀 «ünïcödé»';
    const { status, result } = await call<{ text: string }>(app, '/api/test/echo', { text });
    expect(status).toBe(200);
    expect(result).toEqual({ code: 0, msg: '收到', data: { text, keys: ['text'] } });
  });

  it('drops fields the payload schema does not name', async () => {
    const { result } = await call<{ keys: string[] }>(app, '/api/test/echo', {
      text: 'x',
      type: 'admin',
      traffic: 1e15,
    });
    expect(result.data.keys).toEqual(['text']);
  });

  it('names the offending field when the payload does not match the schema', async () => {
    const missing = await call(app, '/api/test/echo', {});
    expect(missing.status).toBe(400);
    expect(missing.result.code).toBe(Codes.INVALID_PAYLOAD);
    expect(missing.result.msg).toContain('text');

    const nested = await call(app, '/api/test/echo', { text: 'x', nested: { count: -1 } });
    expect(nested.status).toBe(400);
    expect(nested.result.code).toBe(Codes.INVALID_PAYLOAD);
    expect(nested.result.msg).toContain('nested.count');
  });

  it('refuses to start when a POST /api route declares no payload schema', async () => {
    const noSchema = buildTestApp({
      configure: (a) => {
        a.post('/api/test/no-schema', {
          config: { access: 'public' },
          handler: async (_request, reply) => reply.envelope(),
        });
      },
    });
    await expect(noSchema).rejects.toThrow('Envelope route /api/test/no-schema must declare config.payload');
  });

  it('starts with a POST /api route that opts out of the envelope (envelope: false) and has no payload schema', async () => {
    const optedOut = await buildTestApp({
      configure: (a) => {
        a.post('/api/test/plain', {
          config: { access: 'public', envelope: false },
          handler: async () => ({ plain: true }),
        });
      },
    });
    try {
      const response = await optedOut.inject({ method: 'POST', url: '/api/test/plain', payload: { anything: 1 } });
      expect(response.json()).toEqual({ plain: true });
    } finally {
      await optedOut.close();
    }
  });

  it('answers unknown /api routes with a 404 envelope', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/no/such/call', payload: encodeRequest({}) });
    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response).code).toBe(Codes.NOT_FOUND);
    const get = await app.inject({ method: 'GET', url: '/api/test/echo' });
    expect(get.statusCode).toBe(404);
    expect(envelopeOf(get).code).toBe(Codes.NOT_FOUND);
  });

  it.each([
    ['a non-JSON content type', () => post('data=abc', 'application/x-www-form-urlencoded')],
    ['plain text', () => post('hello', 'text/plain')],
    ['invalid JSON', () => post('{"data": ')],
    ['an empty JSON body', () => post('')],
    ['an array body', () => post('[1,2]')],
    ['a string body', () => post('"abc"')],
    ['a missing data field', () => post('{"payload": "e30="}')],
    ['a numeric data field', () => post('{"data": 42}')],
    ['an object data field', () => post('{"data": {"text": "x"}}')],
    ['invalid base64', () => post('{"data": "%%%not base64%%%"}')],
    ['base64 of non-JSON', () => post(JSON.stringify({ data: btoa('not json at all') }))],
    [
      'base64 of invalid UTF-8',
      () => post(JSON.stringify({ data: bytesToBase64(new Uint8Array([0xff, 0xfe, 0xfd])) })),
    ],
    ['base64 of an array', () => post(JSON.stringify({ data: encodeJson([1, 2, 3]) }))],
    ['base64 of a number', () => post(JSON.stringify({ data: encodeJson(7) }))],
    [
      'deeply nested payload',
      () => {
        let deep: unknown = { text: 'x' };
        for (let i = 0; i < 200; i += 1) deep = { d: deep };
        return post(JSON.stringify({ data: encodeJson(deep) }));
      },
    ],
  ])('refuses %s with BAD_ENVELOPE', async (_name, send) => {
    const response = await send();
    expect(response.statusCode).toBe(400);
    expectRefusal(response, Codes.BAD_ENVELOPE);
  });

  it('refuses an oversize body with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await post(JSON.stringify({ data: 'A'.repeat(MAX_ENVELOPE_BYTES + 16) }));
    expect(response.statusCode).toBe(413);
    expectRefusal(response, Codes.PAYLOAD_TOO_LARGE);
  });

  it('never lets __proto__ or constructor keys pollute anything', async () => {
    const inner =
      '{"text":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"nested":{"count":1,"__proto__":{"polluted":true}}}';
    const outer = `{"data":"${bytesToBase64(new TextEncoder().encode(inner))}","__proto__":{"polluted":true}}`;
    const response = await post(outer);
    expect(response.statusCode).toBe(200);
    const result = envelopeOf(response) as { data: { keys: string[]; nested: Record<string, unknown> } };
    expect(result.data.keys.sort()).toEqual(['nested', 'text']);
    expect(Object.keys(result.data.nested)).toEqual(['count']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  describe('fuzzing (property-based)', () => {
    const anyBody = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.record({ data: fc.jsonValue() }).map((v) => JSON.stringify(v)),
      fc.string().map((s) => JSON.stringify({ data: s })),
      fc.uint8Array({ maxLength: 200 }).map((b) => JSON.stringify({ data: bytesToBase64(b) })),
      fc.jsonValue().map((v) => JSON.stringify({ data: encodeJson(v) })),
      fc
        .dictionary(
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'text', 'nested', 'toString'),
          fc.jsonValue(),
        )
        .map((d) => JSON.stringify({ data: encodeJson(d) })),
      fc
        .record(
          { text: fc.oneof(fc.string(), fc.integer(), fc.constant(null)), nested: fc.jsonValue() },
          { requiredKeys: [] },
        )
        .map((d) => JSON.stringify({ data: encodeJson(d) })),
      fc.integer({ min: 1, max: 400 }).map((depth) => {
        let deep: unknown = {};
        for (let i = 0; i < depth; i += 1) deep = [deep];
        return JSON.stringify({ data: encodeJson({ text: 'x', nested: deep }) });
      }),
    );

    it('answers any body with an envelope: 200 with code 0, or a 4xx with a code and message — never a 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(
          anyBody,
          fc.constantFrom('application/json', 'text/plain', 'application/octet-stream'),
          async (body, type) => {
            const response = await post(body, type);
            expect(response.statusCode).toBeLessThan(500);
            const result = decodeResponse(response.json());
            expect(typeof result.code).toBe('number');
            expect(typeof result.msg).toBe('string');
            if (response.statusCode === 200) expect(result.code).toBe(0);
            else expectRefusal(response);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('answers random raw bytes with a 4xx envelope', async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 2000 }), async (bytes) => {
          const response = await post(Buffer.from(bytes));
          // Some byte strings happen to be JSON; none of them is a valid envelope of this route.
          expectRefusal(response);
        }),
        { numRuns: 200 },
      );
    });

    it('still serves a valid request after the fuzzing', async () => {
      const { status, result } = await call(app, '/api/test/echo', { text: '还在' });
      expect(status).toBe(200);
      expect(result.code).toBe(0);
    });
  });
});
