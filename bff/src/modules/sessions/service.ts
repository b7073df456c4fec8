import { Codes, PAGE_PATTERN, type SessionDevice } from '@portal/contracts';
import { sessionMessages } from '@portal/contracts/sessions';
import { DomainError } from '../../lib/domain-error.js';
import { newSessionToken, sha256Hex } from '../../lib/random.js';
import { describeDevice, deviceKey, type DeviceText } from './device.js';
import {
  SESSION_IDLE_DAYS,
  type SessionRow,
  type SessionsRepository,
  type SessionStaffRow,
  type SessionUser,
} from './repository.js';

/**
 * The idle limit: a session ends after this long without use. Each touch of last_seen_at moves
 * expires_at this far ahead, and the lookup also refuses a session whose last_seen_at is older.
 */
export const SESSION_TTL_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not turn into a write per request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** Our tokens are 43 characters; anything much longer is not one of ours and is not worth hashing. */
const MAX_TOKEN_LENGTH = 128;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** A sign-in from a browser, system and address none of the user's live sessions had. */
export interface NewDeviceSignIn extends DeviceText {
  userId: string;
  ip: string | null;
  at: Date;
}

function deviceOf(row: SessionRow, currentId: string | undefined): SessionDevice {
  return {
    id: row.publicId,
    ...describeDevice(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  };
}

export function createSessionsService(repo: SessionsRepository, now: () => Date = () => new Date()) {
  let onNewDevice: ((signIn: NewDeviceSignIn) => Promise<void>) | undefined;
  const idOf = (token: string | undefined) =>
    token === undefined || token.length === 0 || token.length > MAX_TOKEN_LENGTH ? undefined : sha256Hex(token);

  /**
   * resolve, with what the same query read for the back office (modules/staff). `page`, the
   * portal page the call came from (PAGE_HEADER), becomes the user's last page when the session
   * is marked used.
   */
  async function resolveWithStaff(
    token: string,
    page?: string,
  ): Promise<{ user: SessionUser; staff: SessionStaffRow } | null> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    const id = sha256Hex(token);
    const found = await repo.findUser(id);
    if (found === undefined || found.user.disabled) return null;
    const current = now();
    if (current.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      const lastUrl = page !== undefined && PAGE_PATTERN.test(page) ? page : undefined;
      await repo.touch(id, found.user.id, current, new Date(current.getTime() + SESSION_TTL_MS), lastUrl);
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
      const ip = meta.ip ?? null;
      const userAgent = meta.userAgent?.slice(0, 512) ?? null;
      const known = onNewDevice === undefined ? [] : await repo.listForUser(userId);
      await repo.insert({ id: sha256Hex(token), userId, expiresAt, ip, userAgent });
      const key = deviceKey(userAgent, ip);
      if (onNewDevice !== undefined && !known.some((s) => deviceKey(s.userAgent, s.ip) === key)) {
        await onNewDevice({ userId, ip, at: createdAt, ...describeDevice(userAgent) });
      }
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

    /**
     * Ends every session of a user (password change, disable, the operator's 全部退出, the user's
     * 退出其他设备), optionally keeping the caller's; answers how many live sessions ended.
     */
    async destroyAllForUser(userId: string, exceptToken?: string): Promise<number> {
      return repo.deleteForUser(userId, exceptToken === undefined ? undefined : sha256Hex(exceptToken));
    },

    /** The user's live sessions as devices, most recently used first; `current` marks the caller's. */
    async devices(userId: string, callerToken?: string): Promise<SessionDevice[]> {
      const currentId = idOf(callerToken);
      return (await repo.listForUser(userId)).map((row) => deviceOf(row, currentId));
    },

    /** Ends one of the user's sessions by its public id; another user's id is refused like an unknown one. */
    async endDevice(userId: string, publicId: string): Promise<void> {
      if (!(await repo.deleteByPublicId(userId, publicId)))
        throw new DomainError(Codes.NOT_FOUND, sessionMessages.notFound);
    },

    /** Called after a sign-in from a device the user's live sessions do not know (the staff mail). */
    onNewDevice(handler: (signIn: NewDeviceSignIn) => Promise<void>): void {
      onNewDevice = handler;
    },

    /** Staff facts of a user, for the new-device mail. */
    staffFacts: (userId: string) => repo.staffFacts(userId),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
export type { SessionStaffRow, SessionUser };
