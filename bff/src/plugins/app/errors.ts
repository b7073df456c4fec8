import { Codes, defaultMessages, EnvelopeError, httpStatusFor } from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../lib/db-errors.js';
import { DomainError } from '../../lib/domain-error.js';
import { sendFailure } from '../../lib/http.js';

interface Failure {
  code: number;
  msg: string;
  status: number;
  /** Faults of ours are logged with their details; a caller's mistake is only noted. */
  level: 'error' | 'info';
  /** A fault nobody foresaw (the 500 path): also reported to `unexpectedErrors` (the error log). */
  unexpected?: true;
}

/** Told about every unexpected error of a request; a listener that fails never changes the answer. */
export type UnexpectedErrorListener = (error: unknown, request: FastifyRequest) => Promise<void>;

export interface UnexpectedErrors {
  listen(listener: UnexpectedErrorListener): void;
  /** Tells every listener; never throws (a listener's failure is logged at warn level). */
  report(error: unknown, request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    unexpectedErrors: UnexpectedErrors;
  }
}

function unexpectedErrors(): UnexpectedErrors {
  const listeners: UnexpectedErrorListener[] = [];
  return {
    listen: (listener) => {
      listeners.push(listener);
    },
    async report(error, request) {
      for (const listener of listeners) {
        try {
          await listener(error, request);
        } catch (err) {
          request.log.warn({ err }, 'an unexpected error could not be reported');
        }
      }
    },
  };
}

const message = (code: number): string => defaultMessages[code] ?? '请求失败';

/** Fastify's own body-parsing errors, each with a message the caller can act on. */
const PARSER_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体为空，应为 {"data": "..."} 形式的 JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '请求类型必须是 application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度与 Content-Length 不符',
  FST_ERR_CTP_INVALID_PARSE_TYPE: '请求体无法解析',
  FST_ERR_BAD_URL: '请求地址无效',
};

/** Other 4xx statuses raised by Fastify or its plugins; anything else reads as a bad request. */
const CLIENT_ERROR_CODES: Record<number, number> = {
  401: Codes.SESSION_EXPIRED,
  403: Codes.FORBIDDEN,
  404: Codes.NOT_FOUND,
};

export function classifyError(error: unknown, request: FastifyRequest): Failure {
  if (error instanceof DomainError) {
    const status = httpStatusFor(error.code);
    return { code: error.code, msg: error.message, status, level: status >= 500 ? 'error' : 'info' };
  }
  if (error instanceof EnvelopeError) {
    return { code: error.code, msg: error.message, status: httpStatusFor(error.code), level: 'info' };
  }
  const fe = error as Partial<FastifyError> & { validation?: unknown };
  if (fe.validation !== undefined) {
    return {
      code: Codes.INVALID_PAYLOAD,
      msg: `${message(Codes.INVALID_PAYLOAD)}：${fe.message ?? ''}`,
      status: 400,
      level: 'info',
    };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 429) {
    return { code: Codes.RATE_LIMITED, msg: message(Codes.RATE_LIMITED), status: 429, level: 'info' };
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return { code: Codes.PAYLOAD_TOO_LARGE, msg: message(Codes.PAYLOAD_TOO_LARGE), status: 413, level: 'info' };
  }
  if (fe.code !== undefined && fe.code in PARSER_MESSAGES) {
    return { code: Codes.BAD_ENVELOPE, msg: PARSER_MESSAGES[fe.code]!, status: 400, level: 'info' };
  }
  if (isDatabaseUnavailable(error)) {
    return { code: Codes.UNAVAILABLE, msg: message(Codes.UNAVAILABLE), status: 503, level: 'error' };
  }
  if (status >= 400 && status < 500) {
    const code = CLIENT_ERROR_CODES[status] ?? Codes.BAD_ENVELOPE;
    return { code, msg: message(code), status: httpStatusFor(code), level: 'info' };
  }
  return {
    code: Codes.INTERNAL,
    msg: `${message(Codes.INTERNAL)}（请求编号 ${request.id}）`,
    status: 500,
    level: 'error',
    unexpected: true,
  };
}

/** What a stream reports when the other end of the connection closed under it. */
const CLOSED_STREAM_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ECONNRESET', 'EPIPE']);

/**
 * A client that disconnects while its answer is being made or sent (a closed tab, a timed-out
 * proxy, the bench stopping) makes the answer's stream fail with "Premature close" before any
 * header went out, and Fastify hands that to the error handler: it is no fault of ours (issue 23:
 * each one wrote a 500 to the admin error log). Only when the connection is really gone: the
 * same error with the client still there stays an error.
 */
export function clientWentAway(error: unknown, request: FastifyRequest): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const closedStream =
    (typeof code === 'string' && CLOSED_STREAM_CODES.has(code)) ||
    (typeof message === 'string' && message.toLowerCase() === 'premature close');
  const socket = request.raw.socket as { destroyed?: boolean } | null | undefined;
  return closedStream && (socket == null || socket.destroyed === true || request.raw.destroyed);
}

/**
 * The one error handler: domain errors become their envelope, callers' mistakes a 4xx with a clear
 * message, anything else a 500 whose details stay in the log and go to `unexpectedErrors` (the
 * error log of the admin screen); the caller gets the request id.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    const unexpected = unexpectedErrors();
    fastify.decorate('unexpectedErrors', unexpected);

    fastify.setErrorHandler(async (error, request, reply) => {
      if (clientWentAway(error, request)) {
        // Nobody is left to answer, and nothing failed on our side: not the error log's business.
        request.log.info({ reason: (error as Error).message }, 'client closed the connection before the answer');
        return;
      }
      const failure = classifyError(error, request);
      if (failure.level === 'error') {
        request.log.error({ err: error, reqId: request.id }, 'request failed');
      } else {
        request.log.info({ code: failure.code, reason: failure.msg }, 'request refused');
      }
      if (failure.unexpected === true) await unexpected.report(error, request);
      if (reply.sent || reply.raw.headersSent) return;
      return sendFailure(reply, failure.status, failure.code, failure.msg);
    });

    fastify.setNotFoundHandler((request, reply) => {
      return sendFailure(reply, 404, Codes.NOT_FOUND, message(Codes.NOT_FOUND));
    });
  },
  { name: 'errors' },
);
