import { cookieNames } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownOrigin } from '../../plugins/app/origin-check.js';
import type { User } from '../../db/schema.js';
import { ClientRuleTestRequest } from '@portal/contracts/schemas';
import { backOfficeRoute } from '../audit/index.js';
import { CLIENT_RULE_INPUT_MAX, clientRulesProblem, matchClient } from './client-rules.js';
import { isQxRuleSetTag, qxRewrite, qxRuleSet, quantumultFilter } from './describe.js';
import { subscriptionPage } from './subscription-page.js';
import type { SubscriptionClient, SubscriptionService } from './service.js';

interface SubscriptParams {
  kind: string;
  userId: string;
  userkey: string;
}

/** A header's value, trimmed and bounded (clients' own text), or nothing when absent or empty. */
function headerText(request: FastifyRequest, name: string, max = 256): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim().slice(0, max);
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

export function subscriptionClient(request: FastifyRequest): SubscriptionClient {
  const client: SubscriptionClient = { ip: request.ip, userAgent: headerText(request, 'user-agent', 512) ?? '' };
  const hwid = headerText(request, 'x-hwid', 128);
  const deviceOs = headerText(request, 'x-device-os', 64);
  const osVersion = headerText(request, 'x-ver-os', 64);
  const deviceModel = headerText(request, 'x-device-model', 128);
  if (hwid !== undefined) client.hwid = hwid;
  if (deviceOs !== undefined) client.deviceOs = deviceOs;
  if (osVersion !== undefined) client.osVersion = osVersion;
  if (deviceModel !== undefined) client.deviceModel = deviceModel;
  return client;
}

const text = (reply: FastifyReply, body: string) =>
  reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(body);

export function subscriptionRoutes(
  fastify: FastifyInstance,
  service: SubscriptionService,
  accounts: { findById(id: string): Promise<User | undefined> },
) {
  // Per address (SUBSCRIPTION_RATE_MAX a minute, 60 by default): clients refresh every few hours,
  // and 60 leaves room for a household behind one NAT.
  const rateLimit = { max: fastify.config.subscriptionRateMax, timeWindow: 60_000 };

  const handler = async (request: FastifyRequest<{ Params: SubscriptParams }>, reply: FastifyReply) => {
    const origin = ownOrigin(request);
    const result = await service.generate({
      kind: request.params.kind,
      userId: request.params.userId,
      userkey: request.params.userkey,
      query: request.query as Record<string, string | undefined>,
      url: `${origin}${request.url}`,
      base: origin,
      client: subscriptionClient(request),
    });
    return reply.headers(result.headers).type(result.contentType).send(result.body);
  };

  fastify.get<{ Params: SubscriptParams }>('/api/subscript/:kind/:userId/:userkey', {
    config: { access: 'public', rateLimit },
    handler,
  });
  // One link for every client (docs/subscriptions.md "The universal link"): the operator's rule
  // table picks the format by the client's headers, or the page for a browser, or a refusal.
  fastify.get<{ Params: Omit<SubscriptParams, 'kind'> }>('/api/subscript/auto/:userId/:userkey', {
    config: { access: 'public', rateLimit },
    handler: async (request, reply) => {
      const rules = await fastify.settings.get('subscription_client_rules');
      const match = matchClient(rules, (name) => headerText(request, name, CLIENT_RULE_INPUT_MAX) ?? '');
      if (match.answer === 'refuse') {
        return reply
          .code(403)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('不支持此客户端\n');
      }
      if (match.answer === 'page') {
        const { user, title } = await service.pageFacts(request.params.userId, request.params.userkey);
        const origin = ownOrigin(request);
        const html = await subscriptionPage({
          title,
          userId: user.id,
          userkey: user.userkey,
          traffic: user.traffic,
          spendTraffic: user.spendTraffic,
          vipExpireTime: user.vipExpireTime,
          autoUrl: `${origin}${request.url}`,
          base: origin,
          timeZone: fastify.config.serviceTimezone,
        });
        // The key is in the address: never cached, never sent on as a referrer.
        return reply
          .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
          .type('text/html; charset=utf-8')
          .send(html);
      }
      return handler(Object.assign(request, { params: { ...request.params, kind: match.answer } }), reply);
    },
  });

  // The rule tester of /admin_config: which rule a client meets, against the rules on the screen
  // (unsaved edits included) or the saved ones.
  backOfficeRoute(
    fastify,
    '/api/admin/config/test_client_rule',
    ClientRuleTestRequest,
    async ({ userAgent, header, value, rules }) => {
      const table = rules ?? (await fastify.settings.get('subscription_client_rules'));
      const headers: Record<string, string> = { 'user-agent': userAgent };
      if (header !== undefined && header !== '' && value !== undefined) headers[header] = value;
      const problem = clientRulesProblem(table);
      const match = matchClient(table, (name) => headers[name] ?? '');
      return problem === undefined ? match : { ...match, problem };
    },
    'settings.read',
  );

  // An empty key must get the same answer as a wrong one (not the router's own 404).
  fastify.get<{ Params: SubscriptParams }>('/api/subscript/:kind/:userId/', {
    config: { access: 'public', rateLimit },
    handler: (request, reply) => handler(Object.assign(request, { params: { ...request.params, userkey: '' } }), reply),
  });

  fastify.get('/describe/q.filter', { config: { rateLimit } }, async (_request, reply) =>
    text(reply, quantumultFilter(await fastify.settings.get('subscription_rules'))),
  );
  fastify.get<{ Params: { file: string } }>('/describe/qx/:file', { config: { rateLimit } }, async (request, reply) => {
    const file = request.params.file;
    if (file === 'Rewrite.conf') return text(reply, qxRewrite(await fastify.settings.get('qx_rewrite')));
    const tag = file.replace(/\.list$/, '');
    if (!file.endsWith('.list') || !isQxRuleSetTag(tag))
      return reply.code(404).type('text/plain; charset=utf-8').send('not found\n');
    return text(reply, qxRuleSet(tag, (await fastify.settings.get('qx_rule_sets'))[tag]));
  });

  /** The original service's "all links" page: the signed-in user's share links as plain text. */
  fastify.get('/user/getUserAllURL', { config: { rateLimit } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    // Outside /api the auth hook does not resolve sessions: this page does it itself.
    const token = request.cookies[cookieNames.session];
    const session = token === undefined || token === '' ? null : await fastify.sessions.resolve(token);
    const user = session === null ? undefined : await accounts.findById(session.id);
    if (user === undefined) return reply.code(401).send('请先登录\n');
    return reply.send(await service.allLinks(user));
  });
}
