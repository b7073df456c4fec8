import { Codes } from '@portal/contracts';
import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import { ownOrigin } from '../../plugins/app/origin-check.js';
import { agencyHostOf, isAgencyRequest } from '../shop/index.js';
import type { ChannelsService } from './service.js';

/** spec-2 §6: agency users have no invite rebate (HTTP 403 with this message). */
export const AGENCY_REFUSAL = '代理账号不参与邀请返利';

export function channelsRoutes(fastify: FastifyInstance, channels: ChannelsService) {
  const agencyHost = agencyHostOf(fastify.config.agencyDomain);
  const { publicBaseUrl } = fastify.config;

  /** A signed-in user's call, refused for agency users and on the agency domain. */
  const own = (url: string, action: (request: FastifyRequest, userId: string) => Promise<unknown>) =>
    fastify.post(url, {
      config: { access: 'user', payload: EmptyRequest },
      handler: async (request, reply) => {
        if (isAgencyRequest(request, agencyHost)) throw new DomainError(Codes.FORBIDDEN, AGENCY_REFUSAL);
        return reply.envelope(await action(request, request.user!.id));
      },
    });

  own('/api/channel/channel_info', (request, userId) => channels.info(userId, publicBaseUrl || ownOrigin(request)));
  own('/api/channel/reward_list', (_request, userId) => channels.rewards(userId));
  own('/api/channel/invited_users', (_request, userId) => channels.invited(userId));
}
