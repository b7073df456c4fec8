import { and, count, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  passkeys,
  secondFactorChallenges,
  secondFactorRecoveryCodes,
  secondFactors,
  sessions,
  users,
} from '../../db/schema.js';
import { STEP_UP_MINUTES } from '@portal/contracts/second-factor';

/** A secret enrol_start showed can be confirmed for this long; later, enrolment starts again. */
export const PENDING_SECRET_TTL_MS = 10 * 60 * 1000;
const pendingFresh = sql`${secondFactors.pendingAt} > now() - make_interval(secs => ${PENDING_SECRET_TTL_MS / 1000})`;

export interface FactorRow {
  totpSecret: string | null;
  pendingSecret: string | null;
  /** The pending secret is younger than PENDING_SECRET_TTL_MS (by the database's clock, which wrote pending_at). */
  pendingFresh: boolean;
  lastTimeStep: number;
}

/**
 * Second-factor storage (migration 0018). Times that decide anything (challenge expiry, the
 * step-up window) are compared with the database's now(), so every instance agrees on them.
 */
export function createSecondFactorRepository(db: Db) {
  return {
    /** The factors each user has: 'totp', 'passkey', 'both' (absent: none), for the staff screen. */
    async kindsOf(userIds: string[]): Promise<Map<string, 'totp' | 'passkey' | 'both'>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: users.id,
          totp: sql<boolean>`EXISTS (SELECT 1 FROM ${secondFactors} WHERE ${secondFactors.userId} = ${users.id} AND ${secondFactors.totpSecret} IS NOT NULL)`,
          passkey: sql<boolean>`EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${users.id})`,
        })
        .from(users)
        .where(inArray(users.id, userIds));
      const kinds = new Map<string, 'totp' | 'passkey' | 'both'>();
      for (const { id, totp, passkey } of rows) {
        if (totp || passkey) kinds.set(id, totp && passkey ? 'both' : totp ? 'totp' : 'passkey');
      }
      return kinds;
    },

    async user(id: string): Promise<{ id: string; email: string } | undefined> {
      const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id));
      return row;
    },

    async factor(userId: string): Promise<FactorRow | undefined> {
      const [row] = await db
        .select({
          totpSecret: secondFactors.totpSecret,
          pendingSecret: secondFactors.pendingSecret,
          pendingFresh: sql<boolean>`coalesce(${pendingFresh}, false)`,
          lastTimeStep: secondFactors.lastTimeStep,
        })
        .from(secondFactors)
        .where(eq(secondFactors.userId, userId));
      return row;
    },

    /** Every stored TOTP secret, active or pending (sealing those written before DATA_KEY was set). */
    async storedSecrets(): Promise<{ userId: string; totpSecret: string | null; pendingSecret: string | null }[]> {
      return db
        .select({
          userId: secondFactors.userId,
          totpSecret: secondFactors.totpSecret,
          pendingSecret: secondFactors.pendingSecret,
        })
        .from(secondFactors);
    },

    /** Replaces a stored secret by its sealed form, only while it is still the value read. */
    async replaceStoredSecret(
      userId: string,
      column: 'totpSecret' | 'pendingSecret',
      stored: string,
      replacement: string,
    ): Promise<void> {
      await db
        .update(secondFactors)
        .set({ [column]: replacement })
        .where(and(eq(secondFactors.userId, userId), eq(secondFactors[column], stored)));
    },

    /** A TOTP factor is active. */
    async hasTotp(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: secondFactors.userId })
        .from(secondFactors)
        .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.totpSecret)));
      return row !== undefined;
    },

    /** A new secret waiting for its first code (an active one, if any, stays until then). */
    async setPending(userId: string, secret: string): Promise<void> {
      await db
        .insert(secondFactors)
        .values({ userId, pendingSecret: secret, pendingAt: sql`now()` })
        .onConflictDoUpdate({
          target: secondFactors.userId,
          set: { pendingSecret: secret, pendingAt: sql`now()`, updatedAt: sql`now()` },
        });
    },

    /**
     * The pending secret becomes the active one, with the time step of the code that confirmed it
     * (so that code cannot be used again). False when the pending secret changed meanwhile or ran out.
     */
    async activate(userId: string, secret: string, timeStep: number): Promise<boolean> {
      const rows = await db
        .update(secondFactors)
        .set({
          totpSecret: secret,
          pendingSecret: null,
          pendingAt: null,
          lastTimeStep: timeStep,
          confirmedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(secondFactors.userId, userId), eq(secondFactors.pendingSecret, secret), pendingFresh))
        .returning({ userId: secondFactors.userId });
      return rows.length === 1;
    },

    /** Takes a time step: true only for the first use of a step later than every step used before. */
    async takeTimeStep(userId: string, timeStep: number): Promise<boolean> {
      const rows = await db
        .update(secondFactors)
        .set({ lastTimeStep: timeStep, updatedAt: sql`now()` })
        .where(and(eq(secondFactors.userId, userId), lt(secondFactors.lastTimeStep, timeStep)))
        .returning({ userId: secondFactors.userId });
      return rows.length === 1;
    },

    /**
     * The factor, its recovery codes and any login waiting for it are gone; the codes stay with
     * `keepRecoveryCodes` (the account keeps passkeys, and the codes are their way back in).
     */
    async remove(userId: string, { keepRecoveryCodes = false } = {}): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(secondFactors).where(eq(secondFactors.userId, userId));
        if (!keepRecoveryCodes) {
          await tx.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, userId));
        }
        await tx.delete(secondFactorChallenges).where(eq(secondFactorChallenges.userId, userId));
      });
    },

    async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, userId));
        await tx.insert(secondFactorRecoveryCodes).values(hashes.map((codeHash) => ({ codeHash, userId })));
      });
    },

    /** Uses a recovery code up: true only for the one call that deleted it. */
    async takeRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .delete(secondFactorRecoveryCodes)
        .where(and(eq(secondFactorRecoveryCodes.userId, userId), eq(secondFactorRecoveryCodes.codeHash, codeHash)))
        .returning({ codeHash: secondFactorRecoveryCodes.codeHash });
      return rows.length === 1;
    },

    async recoveryLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(secondFactorRecoveryCodes)
        .where(eq(secondFactorRecoveryCodes.userId, userId));
      return row?.n ?? 0;
    },

    async insertChallenge(row: {
      id: string;
      userId: string;
      ttlSeconds: number;
      ip: string | null;
      userAgent: string | null;
    }) {
      await db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, sql`now()`));
      await db.insert(secondFactorChallenges).values({
        id: row.id,
        userId: row.userId,
        expiresAt: sql`now() + make_interval(secs => ${row.ttlSeconds})`,
        ip: row.ip,
        userAgent: row.userAgent,
      });
    },

    /** The user waiting behind a live challenge (and not disabled since), or undefined. */
    async challenge(id: string): Promise<{ userId: string; email: string } | undefined> {
      const [row] = await db
        .select({ userId: secondFactorChallenges.userId, email: users.email })
        .from(secondFactorChallenges)
        .innerJoin(users, eq(users.id, secondFactorChallenges.userId))
        .where(
          and(
            eq(secondFactorChallenges.id, id),
            gt(secondFactorChallenges.expiresAt, sql`now()`),
            eq(users.disabled, false),
          ),
        );
      return row;
    },

    /** Ends a challenge: true only for the call that deleted it (a ticket completes one login). */
    async takeChallenge(id: string): Promise<boolean> {
      const rows = await db
        .delete(secondFactorChallenges)
        .where(eq(secondFactorChallenges.id, id))
        .returning({ id: secondFactorChallenges.id });
      return rows.length === 1;
    },

    /** This session proved the factor now. */
    async markChecked(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ factorCheckedAt: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },

    /**
     * For the guard: whether the user has a factor (TOTP or a passkey), and whether this session
     * proved it within the step-up window.
     */
    async guardState(sessionId: string): Promise<{ active: boolean; fresh: boolean }> {
      const [row] = await db
        .select({
          active: sql<boolean>`(${secondFactors.totpSecret} IS NOT NULL OR EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${sessions.userId}))`,
          fresh: sql<boolean>`coalesce(${sessions.factorCheckedAt} > now() - make_interval(mins => ${STEP_UP_MINUTES}), false)`,
        })
        .from(sessions)
        .leftJoin(secondFactors, eq(secondFactors.userId, sessions.userId))
        .where(eq(sessions.id, sessionId));
      return { active: row?.active === true, fresh: row?.fresh === true };
    },
  };
}

export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
