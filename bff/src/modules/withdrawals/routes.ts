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
import { payoutAddressChangedMail } from '../mail/index.js';
import type { WithdrawalsService } from './service.js';

export function withdrawalsRoutes(fastify: FastifyInstance, withdrawals: WithdrawalsService) {
  // The user's own calls (/wallet): signed-in users, always their own records.
  // Where the money goes: the current password first (a stolen session is not enough), then the
  // account's e-mail is told, old and new address shown shortened.
  fastify.post('/api/wallet/change_reward_adress', {
    config: { access: 'user', payload: ChangeRewardAddressRequest },
    preHandler: fastify.currentPassword.limit,
    handler: async (request, reply) => {
      const input = payloadOf(request, ChangeRewardAddressRequest);
      const user = request.user!;
      await fastify.currentPassword.verify(request, input.password);
      const answer = await withdrawals.changeAddress(user.id, input);
      const before = user.walletAddress === '' ? null : { type: user.walletAddressType, address: user.walletAddress };
      const after = { type: input.addressType, address: input.address.trim() };
      if (before?.type !== after.type || before.address !== after.address) {
        // The address is saved: a mail that cannot be sent is logged, not turned into a refusal.
        await fastify.mail
          .send(user.email, payoutAddressChangedMail(before, after))
          .catch((err: unknown) => request.log.error({ err, to: user.email }, 'mail could not be sent'));
      }
      return reply.envelope(answer);
    },
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

  // /api/admin/charge/* (spec-2 §7): withdrawals.read / withdrawals.settle, writes audited.
  const base = '/api/admin/charge';
  backOfficeRoute(fastify, `${base}/charge_list`, EmptyRequest, () => withdrawals.adminList(), 'withdrawals.read');
  backOfficeRoute(
    fastify,
    `${base}/checkout_charge`,
    CheckoutChargeRequest,
    (input, operator) => withdrawals.settle(operator, input),
    'withdrawals.settle',
  );
  backOfficeRoute(
    fastify,
    `${base}/wallet`,
    ChargeWalletRequest,
    ({ uid }) => withdrawals.userWallet(uid),
    'withdrawals.read',
  );
  backOfficeRoute(
    fastify,
    `${base}/message`,
    ChargeMessageRequest,
    (input, operator) => withdrawals.message(operator, input),
    'withdrawals.settle',
  );
}
