import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets (mailed confirmation keys, session tokens). */
const SECRET_QUERY = /([?&](?:key|token)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***');
}

/** Fastify's request serializer with secrets in the address masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
