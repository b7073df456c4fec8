import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets (mailed confirmation keys, session tokens). */
const SECRET_QUERY = /([?&](?:key|token)=)[^&#]*/gi;

/** The userkey segment of subscription links: /api/subscript/{kind}/{userId}/{userkey}. */
const SUBSCRIPTION_KEY = /(\/api\/subscript\/[^/?#]*\/[^/?#]*\/)[^/?#]+/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***').replace(SUBSCRIPTION_KEY, '$1***');
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
