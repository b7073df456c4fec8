import type { EndSessionsAnswer, SessionDevice } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/sessions: the account's signed-in devices, most recently used first. */
export function listSessions() {
  return call<SessionDevice[]>('user/sessions', {});
}

/** POST /api/user/end_session: signs out one device (by its public id). */
export function endSession(id: string) {
  return call<unknown>('user/end_session', { id });
}

/** POST /api/user/end_other_sessions: signs out every device but this one. */
export function endOtherSessions() {
  return call<EndSessionsAnswer>('user/end_other_sessions', {});
}
