import { newSessionToken, sha256Hex } from '../../lib/random.js';
import type { SessionsRepository, SessionStaffRow, SessionUser } from './repository.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not turn into a write per request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** Our tokens are 43 characters; anything much longer is not one of ours and is not worth hashing. */
const MAX_TOKEN_LENGTH = 128;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export function createSessionsService(repo: SessionsRepository, now: () => Date = () => new Date()) {
  /** resolve, with what the same query read for the back office (modules/staff). */
  async function resolveWithStaff(token: string): Promise<{ user: SessionUser; staff: SessionStaffRow } | null> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    const id = sha256Hex(token);
    const found = await repo.findUser(id);
    if (found === undefined || found.user.disabled) return null;
    const current = now();
    if (current.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await repo.touch(id, found.user.id, current);
    }
    return { user: found.user, staff: found.staff };
  }

  return {
    /** A fresh token at every login; only its hash is stored. */
    async create(userId: string, meta: { ip?: string; userAgent?: string } = {}): Promise<NewSession> {
      const token = newSessionToken();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_MS);
      await repo.deleteExpiredForUser(userId, createdAt);
      await repo.insert({
        id: sha256Hex(token),
        userId,
        expiresAt,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      });
      return { token, expiresAt };
    },

    /** The user behind a live session token, read fresh from the database (roles included). */
    async resolve(token: string): Promise<SessionUser | null> {
      return (await resolveWithStaff(token))?.user ?? null;
    },

    resolveWithStaff,

    async destroy(token: string): Promise<void> {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return;
      await repo.delete(sha256Hex(token));
    },

    /** Ends every session of a user (password change, disable), optionally keeping the caller's. */
    async destroyAllForUser(userId: string, exceptToken?: string): Promise<void> {
      await repo.deleteForUser(userId, exceptToken === undefined ? undefined : sha256Hex(exceptToken));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
export type { SessionStaffRow, SessionUser };
