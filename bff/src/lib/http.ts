import { encodeResponse, type Envelope } from '@portal/contracts';
import type { FastifyReply } from 'fastify';

export const API_PREFIX = '/api/';

export function isApiUrl(url: string): boolean {
  return url.startsWith(API_PREFIX) || url === '/api' || url.startsWith('/api?');
}

export function failureEnvelope(code: number, msg: string): Envelope {
  return encodeResponse({ code, data: {}, msg });
}

/** Sends a failure in the form the caller expects: an envelope under /api/, plain JSON elsewhere. */
export function sendFailure(reply: FastifyReply, status: number, code: number, msg: string): FastifyReply {
  reply.code(status).type('application/json; charset=utf-8');
  if (isApiUrl(reply.request.url)) return reply.send(failureEnvelope(code, msg));
  return reply.send({ code, msg });
}
