import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Codes } from './codes.js';
import {
  decodeRequest,
  decodeResponse,
  encodeJson,
  encodeRequest,
  encodeResponse,
  EnvelopeError,
  MAX_PAYLOAD_DEPTH,
} from './envelope.js';

const jsonObject = fc.dictionary(fc.string({ unit: 'grapheme' }), fc.jsonValue({ maxDepth: 4 }));

/** What the codec promises to deliver: the payload without prototype-polluting keys. */
function expectedAfterDecode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expectedAfterDecode);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '__proto__' && key !== 'constructor')
        .map(([key, child]) => [key, expectedAfterDecode(child)]),
    );
  }
  return value;
}

function codeOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof EnvelopeError ? error.code : -1;
  }
  return undefined;
}

describe('envelope codec', () => {
  it('round-trips any JSON object payload, Chinese and emoji included', () => {
    fc.assert(
      fc.property(jsonObject, (payload) => {
        const sent = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
        expect(decodeRequest(encodeRequest(sent))).toEqual(expectedAfterDecode(sent));
      }),
    );
    expect(decodeRequest(encodeRequest({ msg: '登录过期，请登录 🚀' }))).toEqual({ msg: '登录过期，请登录 🚀' });
  });

  it('round-trips responses with code, data and msg', () => {
    const result = { code: 1017, data: { name: '体验券' }, msg: '该体验券已经兑换过' };
    expect(decodeResponse(encodeResponse(result))).toEqual(result);
  });

  it('treats an absent body or empty data as an empty payload', () => {
    expect(decodeRequest(undefined)).toEqual({});
    expect(decodeRequest({ data: '' })).toEqual({});
  });

  it('rejects every malformed envelope with BAD_ENVELOPE, never another error', () => {
    const bad: unknown[] = [
      'text',
      42,
      [],
      { nodata: 1 },
      { data: 5 },
      { data: '***' },
      { data: 'a' },
      { data: encodeJson('a string') },
      { data: encodeJson([1, 2]) },
      { data: btoa('{"unterminated": ') },
      { data: btoa('\xff\xfe') },
    ];
    for (const body of bad)
      expect(
        codeOf(() => decodeRequest(body)),
        JSON.stringify(body),
      ).toBe(Codes.BAD_ENVELOPE);
  });

  it('rejects random bytes and random strings cleanly', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.base64String()), (data) => {
        const code = codeOf(() => decodeRequest({ data }));
        expect(code === undefined || code === Codes.BAD_ENVELOPE).toBe(true);
      }),
    );
  });

  it('rejects payloads nested deeper than the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_PAYLOAD_DEPTH + 2; i += 1) deep = { d: deep };
    expect(codeOf(() => decodeRequest(encodeRequest(deep as object)))).toBe(Codes.BAD_ENVELOPE);
  });

  it('drops prototype-polluting keys', () => {
    const data = btoa('{"__proto__": {"admin": true}, "constructor": {"x": 1}, "a": {"__proto__": {"y": 1}}}');
    const payload = decodeRequest({ data });
    expect(Object.keys(payload)).toEqual(['a']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(payload.a)).toBe(Object.prototype);
  });
});
