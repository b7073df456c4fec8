import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  Codes,
  type DeliveriesRequest,
  type NotificationDelivery,
  type NotifySettings,
  type NotifySettingsChange,
  type StaffPermission,
  type TelegramBindLink,
} from '@portal/contracts';
import {
  maskedEmail,
  NOTIFICATION_EVENTS,
  notificationMessages as text,
  STAFF_EVENTS,
} from '@portal/contracts/notifications';
import { DomainError } from '../../lib/domain-error.js';
import { sha256Hex } from '../../lib/random.js';
import type { MailService } from '../mail/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';
import { staffOf } from '../staff/access.js';
import type { DueDelivery, NewDelivery, NewEvent, NotificationsRepository } from './repository.js';
import type { Telegram } from './telegram.js';
import { eventMail, eventMessage } from './texts.js';
import { postWebhook, type Attempt } from './webhook.js';

/** Pauses before the 2nd … 6th attempt; after the 6th the delivery has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
/** A claimed delivery is not tried again by another run before this (a crash mid-send). */
const LEASE_MS = 2 * 60_000;
const BATCH = 50;
/** Deliveries tried at once: one slow receiver does not hold up the others. */
const PARALLEL = 8;
export const BIND_CODE_TTL_MS = 10 * 60_000;

const definitionOf = (event: string) => NOTIFICATION_EVENTS.find((e) => e.key === event);
const staffPermissionOf = (event: string): StaffPermission | undefined => {
  const definition = definitionOf(event);
  return definition !== undefined && 'staff' in definition ? definition.staff : undefined;
};
const isUserEvent = (event: string) => {
  const definition = definitionOf(event);
  return definition !== undefined && 'user' in definition;
};

export type Notify = (event: NewEvent | readonly NewEvent[]) => Promise<void>;

/**
 * The outbox and its delivery (issue 28, docs/notifications.md). `emit` writes events in the
 * caller's transaction; the job owner's `run` fans each event out into deliveries (webhook,
 * Telegram chats, mail) once, then tries what is due, retrying with growing pauses. A receiver's
 * trouble never reaches the call that caused the event.
 */
export function createNotificationsService(deps: {
  repo: NotificationsRepository;
  settings: SettingsService;
  mail: MailService;
  sessions: Pick<SessionsService, 'staffFacts'>;
  telegram: Telegram;
  log: FastifyBaseLogger;
  webhookTimeoutMs: number;
  timeZone: string;
  /** Whether a staff member has a second factor (modules/second-factor); by default everyone has. */
  factorActive?: (userId: string) => Promise<boolean>;
  now?: () => Date;
}) {
  const {
    repo,
    settings,
    mail,
    sessions,
    telegram,
    log,
    webhookTimeoutMs,
    timeZone,
    factorActive = async () => true,
    now = () => new Date(),
  } = deps;

  /**
   * The staff member's permissions, or undefined for someone who is not staff (any more), or whom
   * staff_second_factor_required holds back (no factor yet): staff events are for staff at work.
   */
  async function staffPermissions(userId: string): Promise<ReadonlySet<StaffPermission> | undefined> {
    const facts = await sessions.staffFacts(userId);
    if (facts === undefined) return undefined;
    const permissions = staffOf({ id: userId, email: facts.email }, facts.staff)?.permissions;
    if (permissions === undefined) return undefined;
    if ((await settings.get('staff_second_factor_required')) && !(await factorActive(userId))) return undefined;
    return permissions;
  }

  /** Where events go, read once per batch of the fan-out. */
  interface Routing {
    webhookUrl: string;
    webhookEvents: readonly string[];
    telegramOn: boolean;
  }

  async function targetsOf(
    event: { id: string; event: string; userId: string | null },
    { webhookUrl, webhookEvents, telegramOn }: Routing,
  ): Promise<NewDelivery[]> {
    const out: NewDelivery[] = [];
    if (webhookUrl !== '' && (webhookEvents.length === 0 || webhookEvents.includes(event.event))) {
      out.push({ eventId: event.id, channel: 'webhook', target: webhookUrl });
    }
    const permission = staffPermissionOf(event.event);
    if (telegramOn && permission !== undefined) {
      for (const member of await repo.staffSubscribers(event.event)) {
        if ((await staffPermissions(member.id))?.has(permission) === true) {
          out.push({ eventId: event.id, channel: 'telegram', target: member.telegramId! });
        }
      }
    }
    if (isUserEvent(event.event) && event.userId !== null) {
      const user = await repo.channelsOf(event.userId);
      if (user !== undefined && !user.isAgency) {
        if (telegramOn && user.telegramId !== null)
          out.push({ eventId: event.id, channel: 'telegram', target: user.telegramId });
        if (user.notifyMail) out.push({ eventId: event.id, channel: 'mail', target: user.email });
      }
    }
    return out;
  }

  async function attempt(delivery: DueDelivery, secret: string): Promise<Attempt> {
    const { event } = delivery;
    switch (delivery.channel) {
      case 'webhook': {
        return postWebhook(
          delivery.target,
          secret,
          { id: event.id, event: event.event, createdAt: event.createdAt.toISOString(), data: event.data },
          webhookTimeoutMs,
        );
      }
      case 'telegram':
        return telegram.send(delivery.target, eventMessage(event.event, event.data, timeZone));
      case 'mail':
        try {
          await mail.send(delivery.target, eventMail(event.event, event.data, timeZone));
          return { ok: true, answer: 'sent' };
        } catch (error) {
          return { ok: false, answer: error instanceof Error ? error.message.slice(0, 200) : String(error) };
        }
    }
  }

  async function deliver(delivery: DueDelivery, secret: string): Promise<void> {
    let outcome: Attempt;
    try {
      outcome = await attempt(delivery, secret);
    } catch (error) {
      outcome = { ok: false, answer: error instanceof Error ? error.message.slice(0, 200) : String(error) };
    }
    const tried = delivery.attempts + 1;
    const delay = RETRY_DELAYS_MS[tried - 1];
    const retryAt =
      outcome.ok || outcome.permanent === true || delay === undefined ? null : new Date(now().getTime() + delay);
    await repo.recordAttempt(delivery.id, { ok: outcome.ok, answer: outcome.answer, retryAt });
    if (!outcome.ok)
      log.warn(
        { delivery: delivery.id, channel: delivery.channel, answer: outcome.answer, retryAt },
        'notification not delivered',
      );
  }

  const service = {
    /** Writes events to the outbox in the caller's transaction (ambient); nothing is sent here. */
    async emit(events: NewEvent | readonly NewEvent[]): Promise<void> {
      await repo.insertEvents(Array.isArray(events) ? events : [events as NewEvent]);
    },

    /** Turns new events into deliveries, once each (a transaction per batch, rows locked). */
    async fanOut(db: { transaction<T>(fn: () => Promise<T>): Promise<T> }): Promise<number> {
      let total = 0;
      for (;;) {
        const count = await db.transaction(async () => {
          const events = await repo.lockUnfanned(BATCH);
          if (events.length === 0) return 0;
          const s = await settings.getMany(['webhook_url', 'webhook_events', 'telegram_bot_token']);
          const routing = {
            webhookUrl: s.webhook_url,
            webhookEvents: s.webhook_events,
            telegramOn: s.telegram_bot_token !== '',
          };
          for (const event of events) await repo.insertDeliveries(await targetsOf(event, routing));
          await repo.markFannedOut(events.map((e) => e.id));
          return events.length;
        });
        total += count;
        if (count < BATCH) return total;
      }
    },

    /** Tries what is due, a few at a time. */
    async deliverDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const due = await repo.claimDue(BATCH, LEASE_MS);
        if (due.length === 0) return total;
        const secret = await settings.get('webhook_secret');
        for (let i = 0; i < due.length; i += PARALLEL) {
          await Promise.all(due.slice(i, i + PARALLEL).map((delivery) => deliver(delivery, secret)));
        }
        total += due.length;
        if (due.length < BATCH) return total;
      }
    },

    async deliveries(request: DeliveriesRequest): Promise<NotificationDelivery[]> {
      const rows = await repo.list({ channel: request.channel, status: request.status }, request.number ?? 200);
      return rows.map((row) => ({
        ...row,
        nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
        sentAt: row.sentAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async resend(id: number): Promise<void> {
      if (!(await repo.resend(id))) throw new DomainError(Codes.NOT_FOUND, '通知记录不存在');
    },

    /** A one-time deep link to the bot for the caller (10 minutes; a new one replaces the last). */
    async bindLink(userId: string): Promise<TelegramBindLink> {
      if (!(await telegram.enabled())) throw new DomainError(Codes.NOT_ALLOWED, text.telegramOff);
      const username = await telegram.username();
      const code = randomBytes(16).toString('base64url');
      const expiresAt = new Date(now().getTime() + BIND_CODE_TTL_MS);
      await repo.saveBindCode(sha256Hex(code), userId, expiresAt);
      return { url: `https://t.me/${username}?start=${code}`, expiresAt: expiresAt.toISOString() };
    },

    /** The bot's commands. */
    commands: {
      async start(chat: { id: string; name: string }, code: string): Promise<string> {
        const userId = /^[A-Za-z0-9_-]{1,64}$/.test(code) ? await repo.takeBindCode(sha256Hex(code)) : undefined;
        if (userId === undefined) return text.botCodeInvalid;
        // Staff start with every staff event their permissions allow; they narrow it on /user_info.
        const permissions = await staffPermissions(userId);
        const topics =
          permissions === undefined ? [] : STAFF_EVENTS.filter((e) => permissions.has(e.staff)).map((e) => e.key);
        const bound = await repo.bindTelegram(userId, chat.id, chat.name, topics);
        return bound === undefined ? text.botCodeInvalid : text.botBound(maskedEmail(bound.email));
      },
      async unbind(chatId: string): Promise<string> {
        return (await repo.unbindChat(chatId)) ? text.botUnbound : text.botNotBound;
      },
      help: () => text.botHelp,
    },

    async settingsOf(userId: string): Promise<NotifySettings> {
      const row = await repo.channelsOf(userId);
      if (row === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      const permissions = await staffPermissions(userId);
      return {
        telegramEnabled: await telegram.enabled(),
        telegramBound: row.telegramId !== null,
        telegramName: row.telegramName,
        staffTopics:
          permissions === undefined
            ? []
            : STAFF_EVENTS.filter((e) => permissions.has(e.staff)).map((e) => ({
                key: e.key,
                label: e.label,
                chosen: row.telegramTopics.includes(e.key),
              })),
        mail: row.notifyMail,
      };
    },

    /** The mail switch, and staff topics (only events the caller's permissions allow are kept). */
    async changeSettings(userId: string, change: NotifySettingsChange): Promise<NotifySettings> {
      let topics: string[] | undefined;
      if (change.topics !== undefined) {
        const permissions = await staffPermissions(userId);
        topics = STAFF_EVENTS.filter((e) => permissions?.has(e.staff) === true && change.topics!.includes(e.key)).map(
          (e) => e.key,
        );
      }
      await repo.saveSettings(userId, {
        ...(change.mail === undefined ? {} : { notifyMail: change.mail }),
        ...(topics === undefined ? {} : { telegramTopics: topics }),
      });
      return service.settingsOf(userId);
    },

    /**
     * The periodic checks: nodes silent for `node_offline_minutes` (node.offline, once per
     * silence) and back (node.online); time packages ending in 3 days and in 1 day (once per
     * plan and threshold).
     */
    async watch(db: { transaction<T>(fn: () => Promise<T>): Promise<T> }): Promise<void> {
      const minutes = await settings.get('node_offline_minutes');
      await db.transaction(async () => {
        const offline = await repo.markOffline(minutes);
        const online = await repo.markOnline();
        await service.emit([
          ...offline.map((n) => ({
            event: 'node.offline',
            data: { nodeId: n.id, name: n.name, lastReportAt: n.lastReportAt?.toISOString() ?? null },
          })),
          ...online.map((n) => ({
            event: 'node.online',
            data: { nodeId: n.id, name: n.name, lastReportAt: n.lastReportAt?.toISOString() ?? null },
          })),
        ]);
      });
      const at = now().getTime();
      const ending = await repo.plansEndingWithin(3);
      await service.emit(
        ending.map((user) => {
          const expiresAt = user.vipExpireTime!;
          const daysLeft = Math.max(1, Math.ceil((expiresAt.getTime() - at) / 86_400_000));
          const threshold = daysLeft <= 1 ? 1 : 3;
          return {
            event: 'user.plan_expiring',
            userId: user.id,
            data: { expiresAt: expiresAt.toISOString(), daysLeft },
            dedupeKey: `user.plan_expiring:${user.id}:${expiresAt.toISOString()}:${threshold}`,
          };
        }),
      );
    },
  };
  return service;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
