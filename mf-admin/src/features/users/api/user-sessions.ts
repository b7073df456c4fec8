import type { EndSessionsAnswer, SessionDevice } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/users/sessions: the user's signed-in devices (users.read). */
export function userSessions(userId: string) {
  return call<SessionDevice[]>('admin/users/sessions', { uid: userId });
}

/** POST /api/admin/users/end_sessions: signs the user out everywhere (users.edit, audited). */
export function endUserSessions(userId: string) {
  return call<EndSessionsAnswer>('admin/users/end_sessions', { uid: userId });
}
