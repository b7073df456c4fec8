import { Type, type Static } from '@sinclair/typebox';

/**
 * Signed-in devices (issue 25, "Sessions people can see and end"): /api/user/sessions,
 * /api/user/end_session, /api/user/end_other_sessions, and the operator's
 * /api/admin/users/sessions and /api/admin/users/end_sessions (ours; the spec has none).
 */

/** One live session as its owner (or an operator) sees it. */
export interface SessionDevice {
  /** An opaque random handle of the session; never the cookie or anything derived from it. */
  id: string;
  /** Browser and its major version from the User-Agent ("Chrome 131"); null when it names none. */
  browser: string | null;
  /** System and version ("Windows 10", "iOS 17.5"); null when the User-Agent names none. */
  os: string | null;
  /** The address the sign-in came from. */
  ip: string | null;
  /** First seen: the sign-in (ISO 8601). */
  createdAt: string;
  /** Last seen (ISO 8601); refreshed at most every 5 minutes while the session is used. */
  lastSeenAt: string;
  /** The session of the call that asked. */
  current: boolean;
}

/** A session's public id (32 hex characters). */
const SessionId = Type.String({ pattern: '^[0-9a-f]{32}$' });

/** /api/user/end_session: ends one of the caller's sessions; someone else's id is answered like an unknown one. */
export const EndSessionRequest = Type.Object({ id: SessionId }, { additionalProperties: false });
export type EndSessionRequest = Static<typeof EndSessionRequest>;

/** /api/user/end_other_sessions and /api/admin/users/end_sessions: how many live sessions ended. */
export interface EndSessionsAnswer {
  ended: number;
}
