/**
 * The base64 envelope spoken between the browser and the BFF.
 * Requests:  {"data": base64(JSON payload)}
 * Responses: {"data": base64(JSON {code, data, msg})}
 * Base64 is taken over the UTF-8 bytes so that Chinese text round-trips.
 */
import { Codes, type Code } from './codes.js';

export interface ApiResult<T = unknown> {
  code: number;
  data: T;
  msg: string;
}

export interface Envelope {
  data: string;
}

/** Largest accepted request body, in bytes, for envelope calls. */
export const MAX_ENVELOPE_BYTES = 1024 * 1024;
/** Deepest JSON nesting accepted in a decoded payload. */
export const MAX_PAYLOAD_DEPTH = 32;

const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function encodeJson(value: unknown): string {
  return bytesToBase64(new TextEncoder().encode(JSON.stringify(value ?? {})));
}

export class EnvelopeError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

/** Decodes base64 text into a JSON value; throws EnvelopeError with a precise reason. */
export function decodeJson(text: string): unknown {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 === 1 || !BASE64_PATTERN.test(compact)) {
    throw new EnvelopeError(Codes.BAD_ENVELOPE, '请求数据不是有效的 base64');
  }
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(base64ToBytes(compact));
  } catch {
    throw new EnvelopeError(Codes.BAD_ENVELOPE, '请求数据不是有效的 UTF-8 文本');
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new EnvelopeError(Codes.BAD_ENVELOPE, '请求数据不是有效的 JSON');
  }
}

function depthOf(value: unknown, limit: number): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (depth > max) max = depth;
    if (max > limit) return max;
    if (current !== null && typeof current === 'object') {
      for (const child of Object.values(current)) stack.push([child, depth + 1]);
    }
  }
  return max;
}

/** Drops prototype-polluting keys everywhere in a parsed payload. */
function withoutDangerousKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDangerousKeys);
  if (value !== null && typeof value === 'object') {
    const clean: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === '__proto__' || key === 'constructor') continue;
      clean[key] = withoutDangerousKeys(child);
    }
    return clean;
  }
  return value;
}

/** Client side: wraps a payload for sending. */
export function encodeRequest(payload: unknown): Envelope {
  return { data: encodeJson(payload) };
}

/**
 * Server side: unwraps a request body. The body must be an object with a string `data`
 * holding base64 of a JSON object (the payload). Returns the payload object.
 */
export function decodeRequest(body: unknown): Record<string, unknown> {
  if (body === null || body === undefined || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new EnvelopeError(Codes.BAD_ENVELOPE, '请求体必须是 {"data": "..."} 形式的 JSON 对象');
  }
  const data = (body as Record<string, unknown>).data;
  if (data === undefined) throw new EnvelopeError(Codes.BAD_ENVELOPE, '请求体缺少 data 字段');
  if (typeof data !== 'string') throw new EnvelopeError(Codes.BAD_ENVELOPE, 'data 字段必须是字符串');
  if (data === '') return {};
  const payload = decodeJson(data);
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new EnvelopeError(Codes.BAD_ENVELOPE, '请求数据必须是 JSON 对象');
  }
  if (depthOf(payload, MAX_PAYLOAD_DEPTH) > MAX_PAYLOAD_DEPTH) {
    throw new EnvelopeError(Codes.BAD_ENVELOPE, '请求数据嵌套过深');
  }
  return withoutDangerousKeys(payload) as Record<string, unknown>;
}

/** Server side: wraps a result for sending. */
export function encodeResponse<T>(result: ApiResult<T>): Envelope {
  return { data: encodeJson(result) };
}

/** Client side: unwraps a response body into {code, data, msg}. */
export function decodeResponse<T = unknown>(body: unknown): ApiResult<T> {
  if (body === null || typeof body !== 'object' || typeof (body as Envelope).data !== 'string') {
    throw new EnvelopeError(Codes.BAD_ENVELOPE, '响应不是有效的信封');
  }
  const parsed = decodeJson((body as Envelope).data);
  if (parsed === null || typeof parsed !== 'object' || typeof (parsed as ApiResult).code !== 'number') {
    throw new EnvelopeError(Codes.BAD_ENVELOPE, '响应缺少 code 字段');
  }
  const result = parsed as Partial<ApiResult<T>>;
  return { code: result.code!, data: (result.data ?? {}) as T, msg: result.msg ?? '' };
}
