import { Type, type Static } from '@sinclair/typebox';
import type { DeliveryStatus, NotificationChannel } from '../notifications.js';

/**
 * Notifications (issue 28): the user's Telegram binding and mail switch, and the operator's
 * delivery screen. /api/user/telegram_bind, /api/user/notify_settings,
 * /api/admin/notifications/deliveries, /api/admin/notifications/resend, /api/admin/notifications/test.
 */

/** /api/user/telegram_bind: a one-time deep link to the bot. */
export interface TelegramBindLink {
  url: string;
  expiresAt: string;
}

/** /api/user/notify_settings: what the caller receives (read and change). */
export interface NotifySettings {
  /** Whether the operator has set a bot token (otherwise there is nothing to bind). */
  telegramEnabled: boolean;
  telegramBound: boolean;
  telegramName: string;
  /** Staff only: the staff events they may receive and the ones they chose. */
  staffTopics: { key: string; label: string; chosen: boolean }[];
  mail: boolean;
}

export const NotifySettingsChange = Type.Object(
  {
    mail: Type.Optional(Type.Boolean()),
    topics: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 40 })),
  },
  { additionalProperties: false },
);
export type NotifySettingsChange = Static<typeof NotifySettingsChange>;

/** One delivery on the operator's screen. */
export interface NotificationDelivery {
  id: number;
  eventId: string;
  event: string;
  channel: NotificationChannel;
  /** The receiver: the webhook's URL, a Telegram chat id, an e-mail address. */
  target: string;
  status: DeliveryStatus;
  attempts: number;
  /** The receiver's last answer ("200", "503 Service Unavailable", "timeout"…). */
  lastAnswer: string;
  nextAttemptAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

export const DeliveriesRequest = Type.Object(
  {
    channel: Type.Optional(Type.Union([Type.Literal('webhook'), Type.Literal('telegram'), Type.Literal('mail')])),
    status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')])),
    number: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type DeliveriesRequest = Static<typeof DeliveriesRequest>;

export const ResendDeliveryRequest = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type ResendDeliveryRequest = Static<typeof ResendDeliveryRequest>;
