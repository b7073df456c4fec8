import {
  ChangeRewardAddressRequest,
  ChargeMessageRequest,
  ChargeWalletRequest,
  CheckoutChargeRequest,
  EmptyRequest,
  MakeChargeRequest,
} from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { payloadOf } from '../../plugins/app/envelope.js';
import { backOfficeRoute } from '../audit/index.js';
import type { WithdrawalsService } from './service.js';

export function withdrawalsRoutes(fastify: FastifyInstance, withdrawals: WithdrawalsService) {
  // The user's own calls (/wallet): signed-in users, always their own records.
  fastify.post('/api/wallet/change_reward_adress', {
    config: { access: 'user', payload: ChangeRewardAddressRequest },
    handler: async (request, reply) =>
      reply.envelope(await withdrawals.changeAddress(request.user!.id, payloadOf(request, ChangeRewardAddressRequest))),
  });
  fastify.post('/api/wallet/make_charge', {
    config: { access: 'user', payload: MakeChargeRequest },
    handler: async (request, reply) =>
      reply.envelope(await withdrawals.makeCharge(request.user!.id, payloadOf(request, MakeChargeRequest))),
  });
  fastify.post('/api/wallet/charge_list', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await withdrawals.listOfUser(request.user!.id)),
  });

  // /api/admin/charge/* (spec-2 §7): admin only, writes audited.
  const base = '/api/admin/charge';
  backOfficeRoute(fastify, `${base}/charge_list`, EmptyRequest, () => withdrawals.adminList());
  backOfficeRoute(fastify, `${base}/checkout_charge`, CheckoutChargeRequest, (input, operator) =>
    withdrawals.settle(operator, input),
  );
  backOfficeRoute(fastify, `${base}/wallet`, ChargeWalletRequest, ({ uid }) => withdrawals.userWallet(uid));
  backOfficeRoute(fastify, `${base}/message`, ChargeMessageRequest, (input, operator) =>
    withdrawals.message(operator, input),
  );
}
