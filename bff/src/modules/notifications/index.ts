import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNotificationsRepository } from './repository.js';
import { notificationsRoutes } from './routes.js';
import { createNotificationsService, type NotificationsService } from './service.js';
import { createTelegram, TELEGRAM_WEBHOOK_PATH, type BotCommands } from './telegram.js';

export type { NewEvent } from './repository.js';
export { RETRY_DELAYS_MS, type NotificationsService, type Notify } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
  }
}

/** How often the plan-expiry and node-silence checks run (at least; never more often than delivery). */
const WATCH_EVERY_MS = 60_000;

/**
 * Notifications (issue 28, docs/notifications.md): modules `emit` events into the outbox in their
 * own transactions; the instance that owns the jobs fans them out, delivers them (webhook,
 * Telegram, mail) with retries, polls the Telegram bot's updates, and runs the periodic checks.
 */
async function notificationsModule(fastify: FastifyInstance) {
  const { notifications: config, serviceTimezone } = fastify.config;
  const repo = createNotificationsRepository(fastify.db);
  // The bot's commands are the service's, made below; the bot calls them only once polling runs.
  const commands: BotCommands = {
    start: (chat, code) => service.commands.start(chat, code),
    unbind: (chatId) => service.commands.unbind(chatId),
    help: () => service.commands.help(),
  };
  const telegram = createTelegram({
    apiRoot: config.telegramApiBase,
    token: () => fastify.settings.get('telegram_bot_token'),
    commands,
    pollSeconds: config.telegramPollSeconds,
    // Telegram posts updates only to https addresses: with an https PUBLIC_BASE_URL, webhook mode.
    webhookUrl: fastify.config.publicBaseUrl.startsWith('https://')
      ? `${fastify.config.publicBaseUrl}${TELEGRAM_WEBHOOK_PATH}`
      : '',
  });
  const service = createNotificationsService({
    repo,
    settings: fastify.settings,
    mail: fastify.mail,
    sessions: fastify.sessions,
    telegram,
    log: fastify.log,
    webhookTimeoutMs: config.webhookTimeoutMs,
    timeZone: serviceTimezone,
    // Read when asked: the second-factor module may be registered after this one.
    factorActive: (userId) => fastify.secondFactor.isActive(userId),
  });
  fastify.decorate('notifications', service);

  fastify.jobs.define({
    name: 'notifications',
    every: () => config.intervalMs,
    run: async () => ({ fannedOut: await service.fanOut(fastify.db), delivered: await service.deliverDue() }),
  });
  fastify.jobs.define({
    name: 'notification-watch',
    every: () => Math.max(WATCH_EVERY_MS, config.intervalMs),
    run: () => service.watch(fastify.db),
  });

  // Long polling: one getUpdates after another while a token is set (aborted on close).
  // A failed poll (the Bot API unreachable, a revoked token) waits 10 s before the next.
  const polling = new AbortController();
  let pollFailed = false;
  fastify.jobs.define({
    name: 'telegram-updates',
    // Only the job owner polls: the other instances look again every 10 s without reading settings.
    every: async () =>
      !fastify.jobs.isLeader() || pollFailed
        ? 10_000
        : !(await telegram.enabled())
          ? 30_000
          : telegram.webhookMode
            ? 600_000
            : 200,
    run: async () => {
      try {
        const handled = await telegram.poll(polling.signal);
        pollFailed = false;
        return handled;
      } catch (error) {
        if (polling.signal.aborted) return 0;
        pollFailed = true;
        throw error;
      }
    },
  });
  fastify.addHook('preClose', async () => polling.abort());

  fastify.jobs.onStall((job, since) =>
    service.emit({ event: 'job.stalled', data: { job, since }, dedupeKey: `job.stalled:${job}:${since}` }),
  );

  notificationsRoutes(fastify, service, telegram);
}

export default fp(notificationsModule, {
  name: 'notifications',
  dependencies: ['db', 'config', 'auth', 'envelope', 'audit', 'jobs', 'settings', 'mail'],
});
