import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DeliveryStatus, NotificationChannel } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { agents, notificationDeliveries, notificationEvents, telegramBindCodes, users } from '../../db/schema.js';

export interface NewEvent {
  event: string;
  userId?: string | null;
  data: Record<string, unknown>;
  /** Events a periodic check finds again are written once under this key. */
  dedupeKey?: string;
}

export interface EventRow {
  id: string;
  event: string;
  userId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

export interface NewDelivery {
  eventId: string;
  channel: NotificationChannel;
  target: string;
}

/** A due delivery with what it carries. */
export interface DueDelivery extends NewDelivery {
  id: number;
  attempts: number;
  event: EventRow;
}

/** The notifications' SQL (modules/notifications): the outbox, deliveries, Telegram bindings. */
export function createNotificationsRepository(db: Db) {
  return {
    /** In the caller's (ambient) transaction: the events and the cause commit together. */
    async insertEvents(events: readonly NewEvent[]): Promise<number> {
      if (events.length === 0) return 0;
      const rows = await db
        .insert(notificationEvents)
        .values(
          events.map((e) => ({
            event: e.event,
            userId: e.userId ?? null,
            data: e.data,
            dedupeKey: e.dedupeKey ?? null,
          })),
        )
        .onConflictDoNothing({ target: notificationEvents.dedupeKey })
        .returning({ id: notificationEvents.id });
      return rows.length;
    },

    /** The oldest events not fanned out yet, locked (another instance skips them). */
    async lockUnfanned(limit: number): Promise<EventRow[]> {
      return db
        .select({
          id: notificationEvents.id,
          event: notificationEvents.event,
          userId: notificationEvents.userId,
          data: notificationEvents.data,
          createdAt: notificationEvents.createdAt,
        })
        .from(notificationEvents)
        .where(isNull(notificationEvents.fannedOutAt))
        .orderBy(asc(notificationEvents.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async insertDeliveries(deliveries: readonly NewDelivery[]): Promise<void> {
      if (deliveries.length === 0) return;
      await db
        .insert(notificationDeliveries)
        .values([...deliveries])
        .onConflictDoNothing();
    },

    async markFannedOut(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(notificationEvents)
        .set({ fannedOutAt: sql`now()` })
        .where(sql`${notificationEvents.id} = ANY(${sql.param([...ids])}::text[])`);
    },

    /**
     * Takes the due deliveries for this run: their next attempt moves `leaseMs` ahead, so a run on
     * another instance (or after a crash mid-send) tries them again only once the lease is over.
     */
    async claimDue(limit: number, leaseMs: number): Promise<DueDelivery[]> {
      const claimed = await db.execute(sql`
        UPDATE ${notificationDeliveries} SET next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
        WHERE id IN (
          SELECT id FROM ${notificationDeliveries}
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        RETURNING id`);
      const ids = (claimed as { rows: { id: string | number }[] }).rows.map((row) => Number(row.id));
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: notificationDeliveries.id,
          eventId: notificationDeliveries.eventId,
          channel: notificationDeliveries.channel,
          target: notificationDeliveries.target,
          attempts: notificationDeliveries.attempts,
          event: {
            id: notificationEvents.id,
            event: notificationEvents.event,
            userId: notificationEvents.userId,
            data: notificationEvents.data,
            createdAt: notificationEvents.createdAt,
          },
        })
        .from(notificationDeliveries)
        .innerJoin(notificationEvents, eq(notificationEvents.id, notificationDeliveries.eventId))
        .where(sql`${notificationDeliveries.id} = ANY(${sql.param(ids)}::bigint[])`)
        .orderBy(asc(notificationDeliveries.id));
      return rows;
    },

    /** One attempt's outcome: sent, or the next try at `retryAt`, or given up (null). */
    async recordAttempt(id: number, outcome: { ok: boolean; answer: string; retryAt: Date | null }): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({
          attempts: sql`${notificationDeliveries.attempts} + 1`,
          lastAnswer: outcome.answer.slice(0, 500),
          ...(outcome.ok
            ? { status: 'sent', sentAt: sql`now()`, nextAttemptAt: null }
            : outcome.retryAt === null
              ? { status: 'failed', nextAttemptAt: null }
              : { nextAttemptAt: outcome.retryAt }),
        })
        .where(eq(notificationDeliveries.id, id));
    },

    /** Queues a delivery again from its first try; false when there is none. */
    async resend(id: number): Promise<boolean> {
      const rows = await db
        .update(notificationDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, sentAt: null })
        .where(eq(notificationDeliveries.id, id))
        .returning({ id: notificationDeliveries.id });
      return rows.length > 0;
    },

    /** The newest deliveries first, with their event's name. */
    async list(filter: { channel?: NotificationChannel; status?: DeliveryStatus }, limit: number) {
      const where: SQL[] = [];
      if (filter.channel !== undefined) where.push(eq(notificationDeliveries.channel, filter.channel));
      if (filter.status !== undefined) where.push(eq(notificationDeliveries.status, filter.status));
      return db
        .select({
          id: notificationDeliveries.id,
          eventId: notificationDeliveries.eventId,
          event: notificationEvents.event,
          channel: notificationDeliveries.channel,
          target: notificationDeliveries.target,
          status: notificationDeliveries.status,
          attempts: notificationDeliveries.attempts,
          lastAnswer: notificationDeliveries.lastAnswer,
          nextAttemptAt: notificationDeliveries.nextAttemptAt,
          sentAt: notificationDeliveries.sentAt,
          createdAt: notificationDeliveries.createdAt,
        })
        .from(notificationDeliveries)
        .innerJoin(notificationEvents, eq(notificationEvents.id, notificationDeliveries.eventId))
        .where(and(...where))
        .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
        .limit(limit);
    },

    /**
     * A user's ways of being told: address, chat, staff topics, the mail switch and the agency
     * flag (agency users get no Telegram or mail); the fan-out and the profile's card read it.
     */
    async channelsOf(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          telegramId: users.telegramId,
          telegramName: users.telegramName,
          telegramTopics: users.telegramTopics,
          notifyMail: users.notifyMail,
          isAgency: users.isAgency,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Users with a chat who chose this staff event (whether they are still staff is checked after). */
    async staffSubscribers(event: string) {
      return db
        .select({ id: users.id, email: users.email, telegramId: users.telegramId })
        .from(users)
        .where(and(isNotNull(users.telegramId), sql`${users.telegramTopics} @> ${JSON.stringify([event])}::jsonb`));
    },

    async saveBindCode(codeHash: string, userId: string, expiresAt: Date): Promise<void> {
      // One live link per user: a new one replaces the last.
      await db.delete(telegramBindCodes).where(eq(telegramBindCodes.userId, userId));
      await db.insert(telegramBindCodes).values({ codeHash, userId, expiresAt });
    },

    /** Uses a code once: its user, when it exists and has not expired. */
    async takeBindCode(codeHash: string): Promise<string | undefined> {
      const [row] = await db
        .delete(telegramBindCodes)
        .where(eq(telegramBindCodes.codeHash, codeHash))
        .returning({ userId: telegramBindCodes.userId, expiresAt: telegramBindCodes.expiresAt });
      return row !== undefined && row.expiresAt > new Date() ? row.userId : undefined;
    },

    /** Binds the chat to the user (a chat belongs to one account: any other binding of it ends). */
    async bindTelegram(userId: string, chatId: string, name: string, topics: string[]) {
      await db
        .update(users)
        .set({ telegramId: null, telegramName: '' })
        .where(and(eq(users.telegramId, chatId), ne(users.id, userId)));
      const [row] = await db
        .update(users)
        .set({ telegramId: chatId, telegramName: name, telegramTopics: topics })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      return row;
    },

    async unbindChat(chatId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ telegramId: null, telegramName: '' })
        .where(eq(users.telegramId, chatId))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async saveSettings(userId: string, change: { notifyMail?: boolean; telegramTopics?: string[] }): Promise<void> {
      if (Object.keys(change).length === 0) return;
      await db.update(users).set(change).where(eq(users.id, userId));
    },

    /**
     * Enabled nodes silent for `minutes` and not reported yet: marked, and returned (node.offline).
     */
    async markOffline(minutes: number) {
      return db
        .update(agents)
        .set({ offlineNotifiedAt: sql`now()` })
        .where(
          and(
            eq(agents.status, true),
            isNull(agents.offlineNotifiedAt),
            isNotNull(agents.lastReportAt),
            lte(agents.lastReportAt, sql`now() - ${`${minutes} minutes`}::interval`),
          ),
        )
        .returning({ id: agents.id, name: agents.name, lastReportAt: agents.lastReportAt });
    },

    /** Nodes reported offline that have reported since: cleared, and returned (node.online). */
    async markOnline() {
      return db
        .update(agents)
        .set({ offlineNotifiedAt: null })
        .where(and(isNotNull(agents.offlineNotifiedAt), gt(agents.lastReportAt, agents.offlineNotifiedAt)))
        .returning({ id: agents.id, name: agents.name, lastReportAt: agents.lastReportAt });
    },

    /** Time packages ending within `days` days from now. */
    async plansEndingWithin(days: number) {
      return db
        .select({ id: users.id, vipExpireTime: users.vipExpireTime })
        .from(users)
        .where(
          and(gt(users.vipExpireTime, sql`now()`), lte(users.vipExpireTime, sql`now() + ${`${days} days`}::interval`)),
        );
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
