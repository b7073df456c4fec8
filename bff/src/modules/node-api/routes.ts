import { createHash, randomUUID } from 'node:crypto';
import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import { parseNodeType, parsePushBody, type NodeApiService } from './service.js';

export const NODE_API_PREFIX = '/api/v1/server/UniProxy';

const REPORT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

interface NodeQuery {
  node_id?: string;
  node_type?: string;
  token?: string;
  report_id?: string;
  line_id?: string;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || !header.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim();
}

function plainError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ message });
}

/** JSON with a weak-free ETag (sha1 of the body); a matching If-None-Match gets 304 and no body. */
function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('hex')}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const match = request.headers['if-none-match'];
  if (match !== undefined && match.split(',').some((v) => v.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * The node-facing API (UniProxy conventions; docs/node-api.md). Plain JSON, not the envelope.
 * Every route is `access: 'node'`: the preValidation hook below authenticates the node by
 * node_id + token (query, or `Authorization: Bearer`) and sets request.nodeId; the auth plugin's
 * guard refuses the call when it is not set.
 */
export async function nodeApiRoutes(fastify: FastifyInstance, service: NodeApiService) {
  fastify.setErrorHandler(async (error, request, reply) => {
    if (error instanceof DomainError) return plainError(reply, 403, error.message);
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return plainError(reply, status, (error as Error).message);
    request.log.error({ err: error }, 'node API failure');
    await fastify.unexpectedErrors.report(error, request);
    return plainError(reply, 500, `internal error (request ${request.id})`);
  });

  fastify.addHook('preValidation', async (request: FastifyRequest<{ Querystring: NodeQuery }>, reply) => {
    const query = request.query;
    const nodeId = await service.authenticate(query.node_id, query.token ?? bearer(request));
    if (nodeId === null) return plainError(reply, 401, 'node_id or token is wrong');
    request.nodeId = nodeId;
  });

  const config = { access: 'node', envelope: false } as const;

  fastify.get<{ Querystring: NodeQuery }>(`${NODE_API_PREFIX}/config`, { config }, async (request, reply) => {
    const body = await service.config(request.nodeId!, parseNodeType(request.query.node_type));
    if (body === undefined) return plainError(reply, 404, 'node not found');
    return sendWithEtag(request, reply, body);
  });

  // Compressed by the service (a gzip copy kept with the cached list), never per request.
  fastify.get<{ Querystring: NodeQuery }>(
    `${NODE_API_PREFIX}/user`,
    { config, compress: false },
    async (request, reply) => {
      const answer = await service.userList(request.nodeId!, {
        ifNoneMatch: request.headers['if-none-match'],
        acceptEncoding: request.headers['accept-encoding'],
      });
      if (answer === undefined) return plainError(reply, 404, 'node not found');
      reply.header('etag', answer.etag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
      if (answer.status === 304) return reply.code(304).send();
      if (answer.encoding === 'gzip') reply.header('content-encoding', 'gzip');
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );

  fastify.post<{ Querystring: NodeQuery }>(
    `${NODE_API_PREFIX}/push`,
    { config, bodyLimit: 8 * 1024 * 1024 },
    async (request, reply) => {
      const header = request.headers['x-report-id'];
      const given = (typeof header === 'string' ? header : undefined) ?? request.query.report_id;
      if (given !== undefined && !REPORT_ID.test(given))
        return plainError(reply, 400, 'report id: 1-128 of A-Z a-z 0-9 . _ : -');
      const usages = parsePushBody(request.body);
      if (usages === undefined)
        return plainError(
          reply,
          400,
          'body must be {"<user id>": [upload, download], ...} with byte counts up to 2^50',
        );
      // Without a report id the push is not idempotent (as in other UniProxy panels): a random id.
      const result = await service.push(
        request.nodeId!,
        given ?? `auto-${randomUUID()}`,
        usages,
        request.query.line_id,
      );
      if (result === 'unknown-line') return plainError(reply, 400, 'line_id is not a line of this node');
      return reply.send({ data: true, duplicate: result.duplicate, users: result.users, charged: result.charged });
    },
  );

  fastify.post<{ Querystring: NodeQuery }>(`${NODE_API_PREFIX}/status`, { config }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const num = (v: unknown, max: number) =>
      typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max ? v : undefined;
    const version = typeof body.version === 'string' && body.version.length <= 64 ? body.version : undefined;
    const latency = num(body.latency ?? body.latency_ms, 600_000);
    const status = {
      ...(version === undefined ? {} : { version }),
      ...(num(body.load, 10_000) === undefined ? {} : { load: num(body.load, 10_000)! }),
      ...(latency === undefined ? {} : { latencyMs: Math.round(latency) }),
      ...(num(body.online_users, 10_000_000) === undefined
        ? {}
        : { onlineUsers: Math.round(num(body.online_users, 10_000_000)!) }),
    };
    await service.status(request.nodeId!, status);
    return reply.send({ data: true });
  });

  // Online-IP reports of UniProxy back ends: accepted and not kept yet (no device limits).
  fastify.post(`${NODE_API_PREFIX}/alive`, { config }, async (_request, reply) => reply.send({ data: true }));
  fastify.get(`${NODE_API_PREFIX}/alivelist`, { config }, async (_request, reply) => reply.send({ alive: {} }));
}

/** The user-side node list (spec-2 §7 /api/agent/agent_list). Public: /agents is a public route. */
export function agentListRoute(fastify: FastifyInstance, service: NodeApiService) {
  fastify.post('/api/agent/agent_list', {
    config: { access: 'public', payload: EmptyRequest },
    handler: async (_request, reply) => reply.envelope(await service.agentList()),
  });
}
