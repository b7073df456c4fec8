import { Codes } from '@portal/contracts';
import { notificationMessages as text } from '@portal/contracts/notifications';
import {
  DeliveriesRequest,
  EmptyRequest,
  NotifySettingsChange,
  ResendDeliveryRequest,
} from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { backOfficeRoute } from '../audit/index.js';
import { agencyHostOf, isAgencyRequest } from '../shop/index.js';
import type { NotificationsService } from './service.js';

/**
 * The user's side (/user_info: bind Telegram, staff topics, the mail switch) and the operator's
 * delivery screen (/admin_notifications: list, resend, a test event).
 */
export function notificationsRoutes(fastify: FastifyInstance, notifications: NotificationsService) {
  const agencyHost = agencyHostOf(fastify.config.agencyDomain);

  // Agency users have no Telegram features (spec-2 §6).
  fastify.post('/api/user/telegram_bind', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => {
      if (request.user!.isAgency || isAgencyRequest(request, agencyHost)) throw new DomainError(Codes.NOT_ALLOWED, text.telegramOff);
      return reply.envelope(await notifications.bindLink(request.user!.id));
    },
  });

  fastify.post('/api/user/notify_settings', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => reply.envelope(await notifications.settingsOf(request.user!.id)),
  });

  fastify.post('/api/user/change_notify_settings', {
    config: { access: 'user', payload: NotifySettingsChange },
    handler: async (request, reply) =>
      reply.envelope(await notifications.changeSettings(request.user!.id, payloadOf(request, NotifySettingsChange))),
  });

  backOfficeRoute(
    fastify,
    '/api/admin/notifications/deliveries',
    DeliveriesRequest,
    (payload) => notifications.deliveries(payload),
    'notifications.read',
  );
  backOfficeRoute(
    fastify,
    '/api/admin/notifications/resend',
    ResendDeliveryRequest,
    ({ id }, operator) =>
      fastify.audit.within(operator, async (log) => {
        await notifications.resend(id);
        await log({ recordType: 'notification_delivery', recordId: String(id), action: 'action', detail: 'resend' });
        return {};
      }),
    'notifications.resend',
  );
  backOfficeRoute(
    fastify,
    '/api/admin/notifications/test',
    EmptyRequest,
    async (_payload, operator) => {
      await notifications.emit({ event: 'webhook.test', data: { by: operator.email, at: new Date().toISOString() } });
      return {};
    },
    'notifications.resend',
  );
}
