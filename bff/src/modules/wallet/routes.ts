import { EmptyRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import type { WalletService } from './service.js';

export function walletRoutes(fastify: FastifyInstance, wallet: WalletService) {
  fastify.post('/api/wallet/mywallet', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await wallet.myWallet(request.user!.id)),
  });

  fastify.post('/api/wallet/spend_list', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await wallet.spendList(request.user!.id)),
  });
}
