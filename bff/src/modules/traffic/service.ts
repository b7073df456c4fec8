import { Codes, type TrafficRecordType } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../lib/domain-error.js';
import { serviceDay } from '../../lib/service-day.js';
import { trafficRepository as repo } from './repository.js';

/** The record's description when trial traffic lapses. */
export const TRIAL_EXPIRED_DESC = '体验流量到期';

export interface Credit {
  userId: string;
  /** Bytes added (0 is allowed: the change is still recorded). */
  bytes: number;
  type: TrafficRecordType;
  desc: string;
  /** Service day of the record; defaults to today. */
  day?: string;
  /** Time-limited traffic: when it lapses, and what granted it. */
  grant?: { expiresAt: Date; source: string; sourceId: string };
}

/**
 * The one place that changes a user's traffic and VIP time. Every function runs inside the
 * caller's transaction (`tx`) and writes the traffic record beside the change, so a balance and
 * its ledger never disagree.
 */
export function createTrafficService({ timeZone, now = () => new Date() }: { timeZone: string; now?: () => Date }) {
  return {
    today: () => serviceDay(now(), timeZone),

    async credit(tx: Db, credit: Credit): Promise<{ traffic: number; spendTraffic: number }> {
      if (!Number.isSafeInteger(credit.bytes) || credit.bytes < 0)
        throw new Error(`invalid traffic credit ${credit.bytes}`);
      const totals = await repo.addTraffic(tx, credit.userId, credit.bytes);
      if (totals === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      await repo.insertRecord(tx, {
        userId: credit.userId,
        type: credit.type,
        desc: credit.desc,
        trafficChange: credit.bytes,
        allTraffic: totals.traffic,
        allSpend: totals.spendTraffic,
        day: credit.day ?? serviceDay(now(), timeZone),
      });
      if (credit.grant !== undefined && credit.bytes > 0) {
        await repo.insertGrant(tx, { userId: credit.userId, bytes: credit.bytes, ...credit.grant });
      }
      return totals;
    },

    /**
     * An operator sets the user's traffic (bytes) and/or VIP expiry to given values: one record of
     * `type` with the signed traffic change, written beside the change. Returns what was replaced.
     */
    async setByOperator(
      tx: Db,
      change: { userId: string; traffic?: number; vipExpireTime?: Date | null; type: TrafficRecordType; desc: string },
    ): Promise<{ trafficBefore: number; vipBefore: Date | null }> {
      if (change.traffic !== undefined && (!Number.isSafeInteger(change.traffic) || change.traffic < 0)) {
        throw new Error(`invalid traffic ${change.traffic}`);
      }
      const set = await repo.setBalances(tx, change.userId, change);
      if (set === undefined) throw new DomainError(Codes.NOT_FOUND, '用户不存在');
      await repo.insertRecord(tx, {
        userId: change.userId,
        type: change.type,
        desc: change.desc,
        trafficChange: set.traffic - set.before.traffic,
        allTraffic: set.traffic,
        allSpend: set.spendTraffic,
        day: serviceDay(now(), timeZone),
      });
      return { trafficBefore: set.before.traffic, vipBefore: set.before.vipExpireTime };
    },

    /**
     * Takes back up to `bytes` of what the user has left (traffic - spendTraffic), never below
     * zero, with its record (the negative change actually made). Returns the bytes taken.
     */
    async takeBack(tx: Db, debit: Omit<Credit, 'grant'>): Promise<number> {
      if (!Number.isSafeInteger(debit.bytes) || debit.bytes < 0) {
        throw new Error(`invalid traffic debit ${debit.bytes}`);
      }
      const held = await repo.lockTotals(tx, debit.userId);
      if (held === undefined) throw new DomainError(Codes.NOT_FOUND, '用户不存在');
      const taken = Math.min(debit.bytes, Math.max(0, held.traffic - held.spendTraffic));
      const totals = (await repo.addTraffic(tx, debit.userId, -taken))!;
      await repo.insertRecord(tx, {
        userId: debit.userId,
        type: debit.type,
        desc: debit.desc,
        trafficChange: -taken,
        allTraffic: totals.traffic,
        allSpend: totals.spendTraffic,
        day: debit.day ?? serviceDay(now(), timeZone),
      });
      return taken;
    },

    /**
     * Spends exactly `bytes` of the user's permanent traffic (what is left minus running
     * time-limited grants) under the user's row lock, with its record; `insufficient` is thrown
     * (nothing changes) when there is not that much. Concurrent debits queue on the lock, so
     * together they never take more than the user has.
     */
    async debitPermanent(
      tx: Db,
      debit: Omit<Credit, 'grant'>,
      insufficient: () => Error,
    ): Promise<{ traffic: number; spendTraffic: number }> {
      if (!Number.isSafeInteger(debit.bytes) || debit.bytes <= 0)
        throw new Error(`invalid traffic debit ${debit.bytes}`);
      const held = await repo.lockTotals(tx, debit.userId);
      if (held === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      const permanent = held.traffic - held.spendTraffic - (await repo.openGrantBytes(tx, debit.userId));
      if (permanent < debit.bytes) throw insufficient();
      const totals = (await repo.addTraffic(tx, debit.userId, -debit.bytes))!;
      await repo.insertRecord(tx, {
        userId: debit.userId,
        type: debit.type,
        desc: debit.desc,
        trafficChange: -debit.bytes,
        allTraffic: totals.traffic,
        allSpend: totals.spendTraffic,
        day: debit.day ?? serviceDay(now(), timeZone),
      });
      return totals;
    },

    /**
     * What debitPermanent could take now (what is left minus running time-limited grants), for
     * display; 0 for an unknown user. Read without a lock: a spend decides under its own.
     */
    async permanentBalance(db: Db, userId: string): Promise<number> {
      const held = await repo.totals(db, userId);
      if (held === undefined) return 0;
      return Math.max(0, held.traffic - held.spendTraffic - (await repo.openGrantBytes(db, userId)));
    },

    /**
     * Applies the expiry of time-limited grants whose time is up (trial traffic): each grant is
     * claimed by a conditional update and what is left of it (never more than the user has left)
     * is taken back with a `tiyan_expire` record, in one transaction per grant, so a run repeated
     * or overlapping another takes nothing twice. Returns the grants expired.
     */
    async expireDueGrants(db: Db, limit = 200): Promise<number> {
      const due = await repo.dueGrants(db, now(), limit);
      let expired = 0;
      for (const grant of due) {
        const claimed = await db.transaction(async (tx) => {
          if (!(await repo.claimGrant(tx, grant.id, now()))) return false;
          await this.takeBack(tx, {
            userId: grant.userId,
            bytes: grant.bytes,
            type: 'tiyan_expire',
            desc: TRIAL_EXPIRED_DESC,
          });
          return true;
        });
        if (claimed) expired += 1;
      }
      return expired;
    },

    /** Takes back VIP days added earlier: a future expiry moves `days` earlier, never before now. */
    async shortenVip(tx: Db, userId: string, days: number): Promise<void> {
      if (!Number.isSafeInteger(days) || days < 0) throw new Error(`invalid VIP days ${days}`);
      await repo.shortenVip(tx, userId, days);
    },

    /**
     * Closes the time-limited grant a record made (e.g. a coupon use): 'open' when its traffic was
     * still the user's, 'settled' when it had lapsed already, 'none' when there was none.
     */
    settleGrant: (tx: Db, source: string, sourceId: string) => repo.settleGrant(tx, source, sourceId),

    /** Adds VIP days from max(now, current expiry); returns the new expiry. */
    async extendVip(tx: Db, userId: string, days: number): Promise<Date> {
      if (!Number.isSafeInteger(days) || days < 0) throw new Error(`invalid VIP days ${days}`);
      const expiry = await repo.extendVip(tx, userId, days);
      if (expiry === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      return expiry;
    },
  };
}

export type TrafficService = ReturnType<typeof createTrafficService>;
