import { Codes } from '@portal/contracts';
import { notificationMessages as text } from '@portal/contracts/notifications';
import {
  DeliveriesRequest,
  EmptyRequest,
  NotifySettingsChange,
  ResendDeliveryRequest,
} from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import type { Update } from 'grammy/types';
import { DomainError } from '../../lib/domain-error.js';
import { payloadOf } from '../../plugins/app/envelope.js';
import { backOfficeRoute } from '../audit/index.js';
import { agencyHostOf, isAgencyRequest } from '../shop/index.js';
import type { NotificationsService } from './service.js';
import { TELEGRAM_WEBHOOK_PATH, type Telegram } from './telegram.js';

/** An update is a message of at most 4096 characters with its envelope: far below this. */
const TELEGRAM_UPDATE_LIMIT = 64 * 1024;

/**
 * The user's side (/user_info: bind Telegram, staff topics, the mail switch) and the operator's
 * delivery screen (/admin_notifications: list, resend, a test event).
 */
export function notificationsRoutes(fastify: FastifyInstance, notifications: NotificationsService, telegram: Telegram) {
  const agencyHost = agencyHostOf(fastify.config.agencyDomain);

  // Webhook mode (PUBLIC_BASE_URL is https): Telegram's servers post the bot's updates, with the
  // secret token the bot set (derived from its token). Anything else is 401 and handled not at all.
  fastify.post(TELEGRAM_WEBHOOK_PATH, {
    config: { access: 'public', envelope: false },
    bodyLimit: TELEGRAM_UPDATE_LIMIT,
    handler: async (request, reply) => {
      const secret = request.headers['x-telegram-bot-api-secret-token'];
      const update = request.body;
      if (
        typeof update !== 'object' ||
        update === null ||
        typeof (update as { update_id?: unknown }).update_id !== 'number'
      ) {
        return reply.code(400).send({ ok: false });
      }
      const handled = await telegram.handleWebhook(typeof secret === 'string' ? secret : undefined, update as Update);
      return handled ? reply.send({ ok: true }) : reply.code(401).send({ ok: false });
    },
  });

  // Agency users have no Telegram features (spec-2 §6).
  fastify.post('/api/user/telegram_bind', {
    config: { access: 'user', payload: EmptyRequest },
    handler: async (request, reply) => {
      if (request.user!.isAgency || isAgencyRequest(request, agencyHost))
        throw new DomainError(Codes.NOT_ALLOWED, text.telegramOff);
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
